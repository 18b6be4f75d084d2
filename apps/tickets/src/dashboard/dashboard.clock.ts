import { Injectable } from '@nestjs/common';

/** What time it is for the dashboard's default periods ("today"); tests replace it to be deterministic at any hour. */
@Injectable()
export class DashboardClock {
  now(): Date {
    return new Date();
  }
}
