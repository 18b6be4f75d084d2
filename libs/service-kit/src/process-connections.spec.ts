import { ProcessConnections } from './process-connections.js';

describe('ProcessConnections', () => {
  it('opens a connection for its first user, hands the same one to the next, and closes it with the last', async () => {
    const connections = new ProcessConnections();
    const closed: string[] = [];
    let opened = 0;
    const open = (): { id: number } => ({ id: (opened += 1) });
    const first = connections.acquire('redis a', open, async () => closed.push('redis a'));
    const second = connections.acquire('redis a', open, async () => closed.push('redis a'));
    const other = connections.acquire('redis b', open, async () => closed.push('redis b'));
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    expect(opened).toBe(2);
    expect(connections.usage()).toEqual({ 'redis a': 2, 'redis b': 1 });

    expect(await connections.release(first)).toBe(true);
    expect(closed).toEqual([]);
    expect(await connections.release(second)).toBe(true);
    expect(closed).toEqual(['redis a']);
    expect(connections.usage()).toEqual({ 'redis b': 1 });
  });

  it('does not count what it never shared (its owner closes it)', async () => {
    const connections = new ProcessConnections();
    expect(await connections.release({})).toBe(false);
  });
});
