// Keeps the processes of `npm start` and `npm run cluster` running, each on its own: one that dies
// is restarted after a back-off while the others go on (the portal answers translated errors while
// the services are down, and the services need no portal). Ctrl-C or SIGTERM stops them all.
import { spawn } from 'node:child_process';

/** A process that ran this long is healthy again: its next restart waits the shortest time. */
const HEALTHY_AFTER_MS = 60_000;

/**
 * One process, started and stopped by hand; with `restart`, started again when it dies on its
 * own: after `firstDelayMs`, doubling to `maxDelayMs` while it keeps dying, back to the first once
 * it has run a minute.
 */
export function managedProcess(name, command, args, { cwd, env = {}, stdio = 'inherit', restart = false, firstDelayMs = 1000, maxDelayMs = 30_000, log = console.error } = {}) {
  let child;
  let stopped = true;
  let delayMs = firstDelayMs;
  const run = () => {
    const started = Date.now();
    child = spawn(command, args, { stdio, cwd, env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      if (stopped || !restart) return;
      const wait = Date.now() - started > HEALTHY_AFTER_MS ? firstDelayMs : delayMs;
      delayMs = Math.min(wait * 2, maxDelayMs);
      log(`${name} stopped (${signal ?? `exit ${code}`}); restarting in ${wait / 1000} s.`);
      setTimeout(() => stopped || run(), wait);
    });
  };
  return {
    name,
    get process() {
      return child;
    },
    async start() {
      stopped = false;
      run();
    },
    /** Sends the signal and waits for the process to end; it is not restarted. */
    async stop(signal = 'SIGTERM') {
      stopped = true;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await ended;
    },
  };
}

export function supervisor({ cwd, env = {}, firstDelayMs = 1000, maxDelayMs = 30_000, log = console.error } = {}) {
  const handles = new Set();

  /** `args` run with this Node, unless `command` names another program. */
  function keepRunning(name, args, childEnv = {}, { command = process.execPath } = {}) {
    const handle = managedProcess(name, command, args, { cwd, env: { ...env, ...childEnv }, restart: true, firstDelayMs, maxDelayMs, log });
    handles.add(handle);
    void handle.start();
    return handle;
  }

  function stop(code = 0) {
    void Promise.all([...handles].map((handle) => handle.stop())).then(() => process.exit(code));
    setTimeout(() => process.exit(code), 5000).unref();
  }

  return { keepRunning, stop };
}
