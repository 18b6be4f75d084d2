import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, and its parent and command line; undefined once gone. */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, cmdline };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by the benchmark's own processes (Linux /proc): this script ("bench
 * client"), each app it started (by its apps/<name>/dist/main.js; replicas as <name>#2, ...) and
 * the PostgreSQL backends serving `database`. Take one before and one after the measured window
 * and subtract (`cpuBetween`).
 */
export function cpuSnapshot(database) {
  const result = { 'bench client': processStat(process.pid)?.seconds ?? 0, postgres: 0 };
  const apps = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (!stat) continue;
    const app = stat.ppid === process.pid ? /apps\/([^/]+)\/dist\/main\.js/.exec(stat.cmdline)?.[1] : undefined;
    if (app) apps.push({ pid: Number(entry), app, seconds: stat.seconds });
    else if (database && stat.cmdline.startsWith('postgres: ') && stat.cmdline.includes(` ${database} `)) result.postgres += stat.seconds;
  }
  apps.sort((a, b) => a.pid - b.pid);
  const seen = new Map();
  for (const { app, seconds } of apps) {
    const n = (seen.get(app) ?? 0) + 1;
    seen.set(app, n);
    result[n === 1 ? app : `${app}#${n}`] = seconds;
  }
  return result;
}

/** CPU seconds per process between two snapshots, and the share of one core over `seconds` (PostgreSQL: backends that ended meanwhile are not counted). */
export function cpuBetween(before, after, seconds) {
  return Object.fromEntries(
    Object.keys(after).map((name) => {
      const used = Math.max(0, after[name] - (before[name] ?? 0));
      return [name, { 'cpu s': Number(used.toFixed(1)), '% of a core': Math.round((100 * used) / seconds) }];
    }),
  );
}
