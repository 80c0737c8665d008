// Keeps the processes of `npm start` running, each on its own: one that dies is restarted after a
// back-off while the others go on (the portal answers translated errors while the services are
// down, and the services need no portal). Ctrl-C or SIGTERM stops them all.
import { spawn } from 'node:child_process';

/** A process that ran this long is healthy again: its next restart waits the shortest time. */
const HEALTHY_AFTER_MS = 60_000;

export function supervisor({ cwd, env = {}, firstDelayMs = 1000, maxDelayMs = 30_000, log = console.error } = {}) {
  const children = new Set();
  let stopping = false;

  function keepRunning(name, args, childEnv = {}, delayMs = firstDelayMs) {
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: 'inherit', cwd, env: { ...process.env, ...env, ...childEnv } });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      const wait = Date.now() - started > HEALTHY_AFTER_MS ? firstDelayMs : delayMs;
      log(`${name} stopped (${signal ?? `exit ${code}`}); restarting in ${wait / 1000} s.`);
      setTimeout(() => stopping || keepRunning(name, args, childEnv, Math.min(wait * 2, maxDelayMs)), wait);
    });
    return child;
  }

  function stop(code = 0) {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 500).unref();
  }

  return { keepRunning, stop, children };
}
