import type { AppMetrics } from './app-metrics.js';
import { pgPoolConnections } from './families.js';

/** What is read of a node-postgres pool. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Reports a pool in pg_pool_connections at each scrape (an app's pools add up). */
export function observePool(metrics: AppMetrics, pool: PoolLike): void {
  pgPoolConnections(metrics, (gauge) => {
    gauge.inc({ state: 'total' }, pool.totalCount);
    gauge.inc({ state: 'idle' }, pool.idleCount);
    gauge.inc({ state: 'waiting' }, pool.waitingCount);
  });
}
