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
    rooms: new Set(),
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

  it('applies rules a later feature adds (e.g. queue membership)', () => {
    type QueueAudience = Audience & { queueId?: number };
    const rules: AudienceRules = {
      selectors: [(audience, v) => ((audience as QueueAudience).queueId === undefined ? undefined : v.queueIds.includes((audience as QueueAudience).queueId!))],
      exclusions: [],
    };
    expect(canReceive({ queueId: 3 } as QueueAudience, viewer({ queueIds: [3] }), rules)).toBe(true);
    expect(canReceive({ queueId: 3 } as QueueAudience, viewer({ queueIds: [4] }), rules)).toBe(false);
  });
});
