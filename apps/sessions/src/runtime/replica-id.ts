import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** This process's name in the leases table: host and pid say where it runs, the suffix keeps two in one process apart. */
export function newReplicaId(configured?: string): string {
  return configured ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}
