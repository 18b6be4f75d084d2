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
});
