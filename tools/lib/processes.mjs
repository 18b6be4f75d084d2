import { spawn } from 'node:child_process';

const TAIL_LINES = 60;

function collectTail(lines) {
  return (text) => {
    lines.push(...String(text).split('\n'));
    if (lines.length > TAIL_LINES) lines.splice(0, lines.length - TAIL_LINES);
  };
}

/**
 * Runs a command to completion with its output captured (shown only when it fails, or always
 * with `show`). Resolves with the captured output; rejects with its last lines.
 * `track(child)` lets the caller kill it when asked to stop midway.
 */
export function runStep({ name, command, args, cwd, env, output, show = false, track = () => undefined }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    track(child);
    const captured = [];
    const keep = (text) => captured.push(text);
    if (show) {
      output.follow(name, child.stdout, keep);
      output.follow(name, child.stderr, keep);
    } else {
      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', keep);
      }
    }
    child.once('error', reject);
    child.once('close', (code, signal) => {
      track(undefined);
      if (code === 0) return resolve(captured.join(''));
      const error = new Error(`${name}: \`${[command, ...args].join(' ')}\` failed (${signal ?? `exit code ${code}`})`);
      error.output = captured
        .join(show ? '\n' : '')
        .split('\n')
        .slice(-TAIL_LINES)
        .join('\n');
      reject(error);
    });
  });
}

/**
 * A long-running child in its own process group (so a terminal's Ctrl-C reaches start.mjs only,
 * which then stops the children in order), with its output prefixed by its name.
 */
export function startProcess({ name, command, args, cwd, env, output }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const tail = [];
  output.follow(name, child.stdout, collectTail(tail));
  output.follow(name, child.stderr, collectTail(tail));
  let exit;
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      exit = { code: null, signal: null, error };
      resolve(exit);
    });
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  return {
    name,
    child,
    exited,
    /** How it ended, or undefined while it runs. */
    get exit() {
      return exit;
    },
    tail,
    /** SIGTERM, then SIGKILL after `graceMs`; resolves once it is gone. */
    async stop(graceMs = 10_000) {
      if (exit) return exit;
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Signals a detached child's whole process group (falls back to the child alone). */
export function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}
