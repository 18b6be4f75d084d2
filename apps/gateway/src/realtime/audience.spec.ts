import 'reflect-metadata';
import type { Audience } from '@atrium/contracts';
import { canReceive, type AudienceRules, type SocketViewer } from './audience.js';

function viewer(overrides: Partial<SocketViewer> = {}): SocketViewer {
  return {
    userId: 7,
    companyId: 1,
    profile: 'user',
    super: false,
    queueIds: [],
    allTicket: 'desabled',
    sessionId: 'session-a',
    ...overrides,
  };
}

describe('canReceive', () => {
  it('lets every socket receive an event without audience or with an empty one', () => {
    expect(canReceive(undefined, viewer())).toBe(true);
    expect(canReceive({}, viewer())).toBe(true);
  });

  it('restricts to the listed users', () => {
    expect(canReceive({ userIds: [7, 8] }, viewer())).toBe(true);
    expect(canReceive({ userIds: [8] }, viewer())).toBe(false);
    expect(canReceive({ userIds: [] }, viewer())).toBe(false);
  });

  it('restricts to the listed profiles', () => {
    expect(canReceive({ profiles: ['admin'] }, viewer({ profile: 'admin' }))).toBe(true);
    expect(canReceive({ profiles: ['admin'] }, viewer())).toBe(false);
  });

  it('treats users and profiles as alternatives', () => {
    const audience: Audience = { userIds: [7], profiles: ['admin'] };
    expect(canReceive(audience, viewer())).toBe(true);
    expect(canReceive(audience, viewer({ userId: 9, profile: 'admin' }))).toBe(true);
    expect(canReceive(audience, viewer({ userId: 9 }))).toBe(false);
  });

  it('never delivers to an excepted session, even one the audience names', () => {
    expect(canReceive({ exceptSessionIds: ['session-a'] }, viewer())).toBe(false);
    expect(canReceive({ exceptSessionIds: ['session-b'] }, viewer())).toBe(true);
    expect(canReceive({ userIds: [7], exceptSessionIds: ['session-a'] }, viewer())).toBe(false);
    expect(canReceive({ userIds: [7], exceptSessionIds: ['session-b'] }, viewer())).toBe(true);
  });

  describe('ticket visibility (spec 000 section 6)', () => {
    const inQueue3 = { queueId: 3, userId: null, status: 'pending' } as const;
    const withoutQueue = { queueId: null, userId: null, status: 'pending' } as const;

    it('reaches admins and super users whatever the ticket', () => {
      expect(canReceive({ ticket: inQueue3 }, viewer({ profile: 'admin' }))).toBe(true);
      expect(canReceive({ ticket: { queueId: 9, userId: 1, status: 'closed' } }, viewer({ super: true }))).toBe(true);
    });

    it('reaches users of the ticket’s queue only', () => {
      expect(canReceive({ ticket: inQueue3 }, viewer({ queueIds: [3, 4] }))).toBe(true);
      expect(canReceive({ ticket: inQueue3 }, viewer({ queueIds: [4] }))).toBe(false);
      expect(canReceive({ ticket: { ...inQueue3, status: 'open', userId: 8 } }, viewer({ queueIds: [] }))).toBe(false);
    });

    it('reaches the ticket’s own agent even outside its queue', () => {
      expect(canReceive({ ticket: { queueId: 9, userId: 7, status: 'open' } }, viewer({ queueIds: [] }))).toBe(true);
    });

    it('shows pending tickets without queue only to users with allTicket enabled', () => {
      expect(canReceive({ ticket: withoutQueue }, viewer({ allTicket: 'enabled' }))).toBe(true);
      expect(canReceive({ ticket: withoutQueue }, viewer({ allTicket: 'desabled', queueIds: [3] }))).toBe(false);
      expect(canReceive({ ticket: { ...withoutQueue, status: 'open', userId: 8 } }, viewer({ allTicket: 'enabled' }))).toBe(false);
    });

    it('sends the removal of a transferred ticket only to those who lost it', () => {
      const removal: Audience = { ticket: inQueue3, exceptTicket: { queueId: 4, userId: null, status: 'pending' } };
      expect(canReceive(removal, viewer({ queueIds: [3] }))).toBe(true);
      expect(canReceive(removal, viewer({ queueIds: [3, 4] }))).toBe(false);
      expect(canReceive(removal, viewer({ profile: 'admin' }))).toBe(false);
      expect(canReceive(removal, viewer({ queueIds: [4] }))).toBe(false);
    });
  });

  it('applies rules a later feature adds (e.g. queue membership)', () => {
    type QueueAudience = Audience & { queueId?: number };
    const rules: AudienceRules = {
      selectors: [
        (audience, v) =>
          (audience as QueueAudience).queueId === undefined ? undefined : v.queueIds.includes((audience as QueueAudience).queueId!),
      ],
      exclusions: [],
    };
    expect(canReceive({ queueId: 3 } as QueueAudience, viewer({ queueIds: [3] }), rules)).toBe(true);
    expect(canReceive({ queueId: 3 } as QueueAudience, viewer({ queueIds: [4] }), rules)).toBe(false);
  });
});
