import { ServiceConfig } from '@atrium/config';
import { IsInt, Max, Min } from 'class-validator';

export class CampaignsConfig extends ServiceConfig {
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8084;
}
