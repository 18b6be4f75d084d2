import { DashboardCache } from './dashboard-cache.js';

describe('DashboardCache', () => {
  /** A computation that resolves when told to, counting how many times it ran. */
  function deferredComputation() {
    const runs: Array<(value: string) => void> = [];
    return { runs, compute: () => new Promise<string>((resolve) => runs.push(resolve)) };
  }

  it('runs one computation for the calls that find the same version while it is in flight', async () => {
    const cache = new DashboardCache();
    const { runs, compute } = deferredComputation();
    const first = cache.read('summary:1', 'v1', compute);
    const second = cache.read('summary:1', 'v1', compute);
    expect(runs).toHaveLength(1);
    runs[0]!('figures at v1');
    expect(await Promise.all([first, second])).toEqual(['figures at v1', 'figures at v1']);
    expect(await cache.read('summary:1', 'v1', compute)).toBe('figures at v1');
    expect(runs).toHaveLength(1);
  });

  it('computes again for another version, even while the older one is in flight', async () => {
    const cache = new DashboardCache();
    const { runs, compute } = deferredComputation();
    const older = cache.read('summary:1', 'v1', compute);
    const newer = cache.read('summary:1', 'v2', compute);
    expect(runs).toHaveLength(2);
    runs[1]!('figures at v2');
    runs[0]!('figures at v1');
    expect(await older).toBe('figures at v1');
    expect(await newer).toBe('figures at v2');
    expect(await cache.read('summary:1', 'v2', compute)).toBe('figures at v2');
    expect(runs).toHaveLength(2);
  });

  it('keeps no failed computation: the next call computes again', async () => {
    const cache = new DashboardCache();
    await expect(cache.read('summary:1', 'v1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.read('summary:1', 'v1', async () => 'figures at v1')).toBe('figures at v1');
  });
});
