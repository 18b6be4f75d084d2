import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, TicketsSubjects, type Actor, type ScheduleListItemView, type ScheduleView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

type NameRef = { id: number; name: string };

/**
 * The contact and the user of each listed schedule, `{id, name}` as the original backend's
 * `GET /schedules` includes them (Atendechat 6.0.0's page reads `schedule.contact.name`). Contacts
 * are the tickets service's and users identity's: each owner is asked once per page.
 */
@Injectable()
export class ScheduleParties {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  async named(actor: Actor, schedules: ScheduleView[]): Promise<ScheduleListItemView[]> {
    if (schedules.length === 0) return [];
    const contactIds = [...new Set(schedules.map((schedule) => schedule.contactId))];
    const [contacts, users] = await Promise.all([
      this.rpc.request(TicketsSubjects.contactsNames, { ids: contactIds }, { actor }),
      schedules.some((schedule) => schedule.userId !== null)
        ? this.rpc.request(IdentitySubjects.usersList, {}, { actor })
        : Promise.resolve([]),
    ]);
    const contactById = byId(contacts);
    const userById = byId(users);
    return schedules.map((schedule) => ({
      ...schedule,
      contact: contactById.get(schedule.contactId) ?? null,
      user: schedule.userId === null ? null : (userById.get(schedule.userId) ?? null),
    }));
  }
}

function byId(records: NameRef[]): Map<number, NameRef> {
  return new Map(records.map(({ id, name }) => [id, { id, name }]));
}
