import { socketEvents } from './realtime-events';
import { useSocketEvent } from './socket.context';

/**
 * The web subscribes by kind: a handler gets the payload libs/contracts declares for it. The
 * `@ts-expect-error` lines are checked by `npm run typecheck`: a handler that reads a renamed
 * field, or a bare event name, does not compile.
 */
export function MisusesThatDoNotCompile(): null {
  useSocketEvent(socketEvents.user(3), (event) => {
    // @ts-expect-error a deleted user's event carries `userId`, not `user`
    if (event.action === 'delete') void event.user;
  });
  // @ts-expect-error a bare string is not a live event name: its payload would be unknown
  useSocketEvent('company-3-user', () => undefined);
  useSocketEvent(socketEvents.ticket(3), (event) => {
    // @ts-expect-error a ticket event names its ticket `ticket`, not `record`
    if (event.action === 'update') void event.record;
  });
  return null;
}

describe('socket event names', () => {
  it('are the spec’s names: company-{id}-{kind}, and company-announcement platform-wide', () => {
    expect(socketEvents.user(3)).toBe('company-3-user');
    expect(socketEvents.quickMessage(3)).toBe('company-3-quickemessage');
    expect(socketEvents.announcement()).toBe('company-announcement');
  });
});
