import { planTransition, type TicketState } from './ticket-transition.js';

const ME = 7;

function ticket(overrides: Partial<TicketState> = {}): TicketState {
  return { status: 'pending', userId: null, queueId: 3, useIntegration: true, promptId: 5, integrationId: 9, ...overrides };
}

describe('planTransition (spec 000 section 4)', () => {
  it('accepts a pending ticket for the agent given, or the one acting', () => {
    expect(planTransition(ticket(), { status: 'open', userId: ME }, ME)).toMatchObject({
      kind: 'accept',
      next: { status: 'open', userId: ME, queueId: 3 },
    });
    expect(planTransition(ticket(), { status: 'open' }, ME).next.userId).toBe(ME);
    // a pending ticket someone was named for is the acting agent's once accepted without a name
    expect(planTransition(ticket({ userId: 2 }), { status: 'open' }, ME).next.userId).toBe(ME);
    expect(planTransition(ticket({ userId: 2 }), { status: 'open', userId: 2 }, ME).next.userId).toBe(2);
  });

  it('returns an open ticket to pending without agent', () => {
    const open = ticket({ status: 'open', userId: ME });
    expect(planTransition(open, { status: 'pending', userId: null }, ME)).toMatchObject({
      kind: 'return',
      next: { status: 'pending', userId: null, queueId: 3 },
    });
    expect(planTransition(open, { status: 'pending' }, ME).next.userId).toBeNull();
  });

  it('resolves with userId and queueId, clearing the integration fields', () => {
    const open = ticket({ status: 'open', userId: ME });
    expect(planTransition(open, { status: 'closed', userId: ME, queueId: 3 }, ME)).toEqual({
      kind: 'resolve',
      next: { status: 'closed', userId: ME, queueId: 3, useIntegration: false, promptId: null, integrationId: null },
    });
  });

  it('keeps the integration fields on every other change, unless given', () => {
    expect(planTransition(ticket(), { status: 'open', userId: ME }, ME).next).toMatchObject({
      useIntegration: true,
      promptId: 5,
      integrationId: 9,
    });
    expect(planTransition(ticket(), { status: 'open', userId: ME, promptId: null, useIntegration: false }, ME).next).toMatchObject({
      useIntegration: false,
      promptId: null,
      integrationId: 9,
    });
  });

  it('reopens a closed ticket for the acting agent with its queue kept', () => {
    const closed = ticket({ status: 'closed', userId: 2, useIntegration: false, promptId: null, integrationId: null });
    expect(planTransition(closed, { status: 'open' }, ME)).toMatchObject({
      kind: 'reopen',
      next: { status: 'open', userId: ME, queueId: 3 },
    });
    expect(planTransition(closed, { status: 'open', userId: 2 }, ME).next.userId).toBe(2);
    expect(planTransition(closed, { status: 'open', userId: ME }, ME).next.userId).toBe(ME);
  });

  it('transfers to a user: the user becomes the agent, the status stays', () => {
    const open = ticket({ status: 'open', userId: ME });
    expect(planTransition(open, { userId: 8 }, ME)).toMatchObject({ kind: 'transfer', next: { status: 'open', userId: 8, queueId: 3 } });
    expect(planTransition(open, { userId: 8, queueId: 4 }, ME)).toMatchObject({
      kind: 'transfer',
      next: { status: 'open', userId: 8, queueId: 4 },
    });
  });

  it('transfers to a queue without a user: pending in that queue, nobody assigned', () => {
    const open = ticket({ status: 'open', userId: ME });
    expect(planTransition(open, { queueId: 4 }, ME)).toMatchObject({
      kind: 'transfer',
      next: { status: 'pending', userId: null, queueId: 4 },
    });
    // the same queue too: back to its pending tickets
    expect(planTransition(open, { queueId: 3 }, ME).next).toMatchObject({ status: 'pending', userId: null, queueId: 3 });
    expect(planTransition(open, { queueId: 3, userId: null }, ME).next).toMatchObject({ status: 'pending', userId: null, queueId: 3 });
    expect(planTransition(open, { queueId: 4, userId: null, status: 'pending' }, ME)).toMatchObject({
      kind: 'transfer',
      next: { status: 'pending', userId: null, queueId: 4 },
    });
  });
});
