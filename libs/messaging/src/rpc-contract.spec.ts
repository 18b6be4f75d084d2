import {
  AiSubjects,
  BillingSubjects,
  BotHandoffSubjects,
  CampaignMessagesSubjects,
  CampaignsSubjects,
  ChatsSubjects,
  DashboardSubjects,
  ExternalMessagesSubjects,
  IdentitySubjects,
  KanbanSubjects,
  SessionsSubjects,
  SsoSubjects,
  TicketsSubjects,
  type Actor,
  type AiContract,
  type BillingContract,
  type BotHandoffContract,
  type CampaignMessagesContract,
  type CampaignsContract,
  type ChatsContract,
  type DashboardContract,
  type ExternalMessagesContract,
  type IdentityContract,
  type KanbanContract,
  type MessageView,
  type RpcRequest,
  type SessionsContract,
  type SsoContract,
  type TicketView,
  type TicketsContract,
} from '@atrium/contracts';
import * as contracts from '@atrium/contracts';
import { of, type Observable } from 'rxjs';
import { RpcClient } from './rpc-client.js';
import { RpcHandler } from './rpc-handler.js';

/**
 * A subject's request and reply types (libs/contracts `*Contract`) are the only way to call it.
 * The `@ts-expect-error` lines below are checked by `npm run typecheck` (tsc fails when one of
 * them compiles, i.e. when the contract stops refusing the misuse); the tests check what the
 * typed client sends and resolves at run time.
 */

/** A NATS proxy that records what is sent and answers `reply`. */
function recordingProxy(reply: unknown) {
  const sent: Array<{ subject: string; envelope: RpcRequest }> = [];
  const proxy = {
    send<TResult, TInput>(subject: string, envelope: TInput): Observable<TResult> {
      sent.push({ subject, envelope: envelope as RpcRequest });
      return of(reply as TResult);
    },
    connect: async () => undefined,
    close: async () => undefined,
  };
  return { proxy, sent };
}

const actor: Actor = { userId: 1, companyId: 2, profile: 'admin', super: false, queueIds: [], allTicket: 'desabled', sessionId: 's-1' };

/** Never called: what does not compile, kept compiling-only by tsc. */
export async function misusesThatDoNotCompile(rpc: RpcClient): Promise<void> {
  // @ts-expect-error a subject no service declares
  await rpc.request('tickets.tickets.no-such-subject', {});
  // @ts-expect-error a wrong payload: the id is a number
  await rpc.request(TicketsSubjects.ticketsShow, { id: '7' });
  // @ts-expect-error a payload missing its body
  await rpc.request(TicketsSubjects.ticketsUpdate, { id: 7 });
  // @ts-expect-error another subject's payload
  await rpc.request(IdentitySubjects.authLogin, { refreshToken: 'x' });
  // @ts-expect-error the reply type is the contract's, not restated by the caller
  await rpc.request<TicketView>(TicketsSubjects.ticketsShow, { id: 7 });

  const ticket = await rpc.request(TicketsSubjects.ticketsShow, { id: 7 }, { actor });
  // @ts-expect-error the reply is a TicketView, not a MessageView
  const message: MessageView = ticket;
  void message;

  class WrongHandlers {
    // @ts-expect-error a handler must answer its subject's reply type (TicketView)
    @RpcHandler(TicketsSubjects.ticketsShow)
    show(): Promise<MessageView> {
      return Promise.resolve({} as MessageView);
    }

    @RpcHandler(TicketsSubjects.ticketsShow)
    rightShow(): Promise<TicketView> {
      return Promise.resolve({} as TicketView);
    }
  }
  void WrongHandlers;
}

/**
 * Every subject a service serves has its contract entry, and nothing else does: each of the
 * thirteen subject maps of libs/contracts against its contract type (checked by tsc, which fails on a
 * `false` in the tuple's type).
 */
type ValuesOf<T> = T[keyof T];
type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : false;
const CHECKED_MAPS = [
  'IdentitySubjects',
  'TicketsSubjects',
  'KanbanSubjects',
  'DashboardSubjects',
  'BotHandoffSubjects',
  'CampaignMessagesSubjects',
  'ExternalMessagesSubjects',
  'ChatsSubjects',
  'SessionsSubjects',
  'CampaignsSubjects',
  'BillingSubjects',
  'AiSubjects',
  'SsoSubjects',
];
const complete: [
  SameKeys<ValuesOf<typeof IdentitySubjects>, keyof IdentityContract>,
  SameKeys<ValuesOf<typeof TicketsSubjects>, keyof TicketsContract>,
  SameKeys<ValuesOf<typeof KanbanSubjects>, keyof KanbanContract>,
  SameKeys<ValuesOf<typeof DashboardSubjects>, keyof DashboardContract>,
  SameKeys<ValuesOf<typeof BotHandoffSubjects>, keyof BotHandoffContract>,
  SameKeys<ValuesOf<typeof CampaignMessagesSubjects>, keyof CampaignMessagesContract>,
  SameKeys<ValuesOf<typeof ExternalMessagesSubjects>, keyof ExternalMessagesContract>,
  SameKeys<ValuesOf<typeof ChatsSubjects>, keyof ChatsContract>,
  SameKeys<ValuesOf<typeof SessionsSubjects>, keyof SessionsContract>,
  SameKeys<ValuesOf<typeof CampaignsSubjects>, keyof CampaignsContract>,
  SameKeys<ValuesOf<typeof BillingSubjects>, keyof BillingContract>,
  SameKeys<ValuesOf<typeof AiSubjects>, keyof AiContract>,
  SameKeys<ValuesOf<typeof SsoSubjects>, keyof SsoContract>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true];

describe('typed RPC contracts', () => {
  it('declares every subject of every service', () => {
    expect(complete.every(Boolean)).toBe(true);
  });

  it('checks every subject map libs/contracts exports (a new map joins the tuple above)', () => {
    const maps = Object.keys(contracts).filter((name) => name.endsWith('Subjects'));
    expect(maps.sort()).toEqual(CHECKED_MAPS.slice().sort());
    expect(complete).toHaveLength(CHECKED_MAPS.length);
  });

  it('sends the payload in the envelope under the subject and resolves the reply as the contract types it', async () => {
    const view = { id: 7, status: 'open' } as TicketView;
    const { proxy, sent } = recordingProxy(view);
    const rpc = new RpcClient(proxy);
    const reply: TicketView = await rpc.request(TicketsSubjects.ticketsUpdate, { id: 7, body: { status: 'open' } }, { actor });
    expect(reply).toBe(view);
    expect(sent).toEqual([
      {
        subject: 'tickets.tickets.update',
        envelope: expect.objectContaining({ actor, data: { id: 7, body: { status: 'open' } }, requestId: expect.any(String) }),
      },
    ]);
  });
});
