import type { SocketViewer } from './audience.js';
import { SocketRegistry } from './socket-registry.js';

const viewer = (companyId: number, userId: number): SocketViewer => ({
  userId,
  companyId,
  profile: 'user',
  super: false,
  queueIds: [],
  allTicket: 'desabled',
  sessionId: `s-${userId}`,
});

describe('SocketRegistry', () => {
  it('tells the first socket of a company and the last one to leave', () => {
    const registry = new SocketRegistry<{ id: string }>();
    expect(registry.add({ id: 'a' }, viewer(1, 10))).toEqual({ firstOfCompany: true });
    expect(registry.add({ id: 'b' }, viewer(1, 11))).toEqual({ firstOfCompany: false });
    expect(registry.add({ id: 'c' }, viewer(2, 20))).toEqual({ firstOfCompany: true });
    expect(registry.companies().sort()).toEqual([1, 2]);

    expect(registry.remove('a')).toMatchObject({ lastOfCompany: false, lastOfUser: true });
    expect(registry.remove('b')).toMatchObject({ lastOfCompany: true, lastOfUser: true });
    expect(registry.companies()).toEqual([2]);
    expect(registry.remove('b')).toBeUndefined();
  });

  it('tells when a user still has another socket here', () => {
    const registry = new SocketRegistry<{ id: string }>();
    registry.add({ id: 'tab1' }, viewer(1, 10));
    registry.add({ id: 'tab2' }, viewer(1, 10));
    expect(registry.remove('tab1')).toMatchObject({ lastOfUser: false, lastOfCompany: false });
    expect(registry.remove('tab2')).toMatchObject({ lastOfUser: true, lastOfCompany: true });
  });

  it('lists sockets per company and overall', () => {
    const registry = new SocketRegistry<{ id: string }>();
    registry.add({ id: 'a' }, viewer(1, 10));
    registry.add({ id: 'b' }, viewer(2, 20));
    expect([...registry.inCompany(1)].map((e) => e.socket.id)).toEqual(['a']);
    expect([...registry.inCompany(3)]).toEqual([]);
    expect([...registry.all()].map((e) => e.socket.id).sort()).toEqual(['a', 'b']);
    expect(registry.get('b')?.viewer.userId).toBe(20);
  });

  it('groups sockets whose viewers are alike in all an audience reads, and regroups a socket whose scope changed', () => {
    const registry = new SocketRegistry<{ id: string }>();
    registry.add({ id: 'tab1' }, viewer(1, 10));
    registry.add({ id: 'tab2' }, { ...viewer(1, 10), queueIds: [] });
    registry.add({ id: 'other' }, viewer(1, 11));
    registry.add({ id: 'elsewhere' }, viewer(2, 10));
    const groupsOf = (companyId: number | null) => [...registry.groups(companyId)].map((group) => [...group.sockets.keys()].sort());
    expect(groupsOf(1)).toEqual([['tab1', 'tab2'], ['other']]);
    expect(groupsOf(null)).toHaveLength(3);

    // same user, other queues (their order does not matter): another group; back again: the same one
    registry.setViewer('tab2', { ...viewer(1, 10), queueIds: [4, 3] });
    expect(groupsOf(1)).toEqual([['tab1'], ['other'], ['tab2']]);
    expect([...registry.groups(1)].find((group) => group.sockets.has('tab2'))?.viewer.queueIds).toEqual([4, 3]);
    registry.setViewer('tab1', { ...viewer(1, 10), queueIds: [3, 4] });
    expect(groupsOf(1)).toEqual([['other'], ['tab1', 'tab2']]);
    expect(registry.get('tab1')?.viewer.queueIds).toEqual([3, 4]);

    // another login of the same user is another group (audiences may exclude a login)
    registry.add({ id: 'phone' }, { ...viewer(1, 10), queueIds: [3, 4], sessionId: 'other-login' });
    expect(groupsOf(1)).toHaveLength(3);

    registry.remove('tab1');
    registry.remove('tab2');
    expect(groupsOf(1)).toEqual([['other'], ['phone']]);
  });

  it('ignores a new viewer of another user or company for a socket', () => {
    const registry = new SocketRegistry<{ id: string }>();
    registry.add({ id: 'a' }, viewer(1, 10));
    registry.setViewer('a', viewer(1, 11));
    registry.setViewer('a', viewer(2, 10));
    expect(registry.get('a')?.viewer).toEqual(viewer(1, 10));
  });
});
