/**
 * `npm run checks`: the type check, the formatter's check and the linter side by side (each mostly
 * one core busy; CI has two), their output printed whole once each ends. Fails if any fails.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'format:check', 'lint'];

function run(script) {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - began) / 1000).toFixed(0);
      console.log(`── npm run ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
