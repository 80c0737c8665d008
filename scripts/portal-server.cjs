'use strict';
// The portal's server entry: what `node server.js` runs in the standalone output (the build copies
// this file there as server.js, and Next.js's own entry as next-server.js). It sees each request
// before Next.js does, through Node's `http.server.request.start` channel (published before the
// server's 'request' event), and does what only the connection can:
// - names the client: the TCP peer's address goes in PEER_HEADER, and a copy a client sent is
//   dropped, so that route handlers can trust it (lib/http/client.ts decides what to believe of it);
// - repairs a path whose percent-escapes do not decode (`/%ff`): Next.js answers such a path with a
//   500, while the repaired one is an ordinary unknown path, the shell's 404 (or sign-in, signed out);
// - closes a connection whose request body is still arriving when its answer is sent (a 413 to an
//   upload past the limit, a 405 to a body posted to a page) by lingering: see lingerIfBodyPending;
// - stops on SIGTERM without losing a request behind a balancer: see drainThenClose;
// - answers the build's static files from their precompressed copies (portal-static.cjs), before
//   Next.js's own handler sees the request.
const { subscribe } = require('node:diagnostics_channel');
const { createServer } = require('node:net');

/** Also written in lib/http/client.ts; tests/unit/server/portal-server.test.ts holds the two together. */
const PEER_HEADER = 'x-portal-peer-address';

/** `::ffff:127.0.0.2` (an IPv4 client of a dual-stack socket) is 127.0.0.2. */
function peerAddress(socket) {
  const address = (socket && socket.remoteAddress) || '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

function stampPeer(request, socket) {
  delete request.headers[PEER_HEADER];
  const raw = request.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === PEER_HEADER) raw.splice(i, 2);
  const address = peerAddress(socket);
  if (address) request.headers[PEER_HEADER] = address;
}

/**
 * The URL with its path made decodable: every `%` of a path that does not decode is written as
 * `%25`, so the path means the text it was sent as. The query is left alone (Next.js reads it
 * leniently).
 */
function repairUrl(url) {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replace(/%/g, '%25') + (query < 0 ? '' : url.slice(query));
  }
}

/** The servers requests came to (Next.js's one): what a stop closes. */
const servers = new Set();

function onRequestStart({ request, socket, server }) {
  servers.add(server);
  stampPeer(request, socket);
  request.url = repairUrl(request.url);
}

/** How long a refused body may go on arriving, its bytes dropped, before the connection is cut. */
const LINGER_MS = 2000;

/**
 * Node.js closes such a connection as soon as the answer is written (socket.destroySoon), with the
 * client's unread bytes still in the kernel: the kernel then resets it, and a client still sending
 * gets EPIPE or ECONNRESET, often before it has read the answer (CI's run of c3b40f3 saw one). The
 * lingering close of RFC 9112 section 9.6: send our end (FIN after the answer), read and drop what
 * the client still sends until it stops or LINGER_MS pass, then close. The bytes cost no memory.
 */
function lingerIfBodyPending({ request, socket }) {
  if (request.complete || !socket || socket.destroyed) return;
  socket.destroySoon = function lingeringClose() {
    const close = () => this.destroy();
    const cut = setTimeout(close, LINGER_MS);
    this.once('close', () => clearTimeout(cut));
    this.once('end', close);
    request.resume();
    this.end();
  };
}

/** Also written in lib/http/drain.ts; tests/unit/server/portal-server.test.ts holds the two together. */
const DRAIN = Symbol.for('portal.drain');
/** How many "not ready" answers a balancer needs before it sends no more: HAProxy's `fall` (scripts/haproxy.ts). */
const DRAIN_CHECKS = 2;
/** A checker that has not asked for this long is not listening: nobody to tell, so no wait for it. */
const ASKED_WITHIN_MS = 10_000;
/** Never longer than this between the signal and closing. */
const DRAIN_MAX_MS = 5000;
/** After the balancer has been told, for a request it sent just before to arrive. */
const SETTLE_MS = 500;
/** Checkers told apart at most (a name is a request header: a client cannot grow this without end). */
const MAX_CHECKERS = 16;

/**
 * What the readiness check (app/api/health/ready, through lib/http/drain.ts) and the signal share:
 * whether the instance is stopping, and for each checker (each of HAProxy's backends checks for
 * itself) when it last asked and how many of its checks were told so.
 */
function drainState() {
  const checkers = new Map();
  return {
    stopping: false,
    asked(checker) {
      if (!checkers.has(checker) && checkers.size < MAX_CHECKERS) checkers.set(checker, { lastAsked: 0, told: 0 });
      const seen = checkers.get(checker);
      if (seen) {
        seen.lastAsked = Date.now();
        if (this.stopping) seen.told += 1;
      }
      return this.stopping;
    },
    listening() {
      return [...checkers.values()].filter((seen) => Date.now() - seen.lastAsked <= ASKED_WITHIN_MS);
    },
  };
}

/**
 * Next.js closes its port at SIGTERM at once. Behind a balancer that is a lost request: one the
 * balancer had just sent waits in the port's backlog and is reset, and a POST is not retried (two
 * clean runs of the fleet's SIGTERM test saw a 502). So the instance first answers readiness
 * checks "stopping" (503) while it goes on serving, until every checker that was asking has heard
 * it DRAIN_CHECKS times and SETTLE_MS more have passed (or DRAIN_MAX_MS), then closes its port and
 * ends once the requests in flight are answered. Ctrl-C (SIGINT), and a SIGTERM that no checker
 * was asking, close at once.
 */
function drainThenClose() {
  const drain = drainState();
  globalThis[DRAIN] = drain;
  process.env.NEXT_MANUAL_SIG_HANDLE = '1';
  const close = (code) => {
    let open = servers.size;
    if (!open) process.exit(code);
    for (const server of servers) server.close(() => (open -= 1) || process.exit(code));
  };
  const onSignal = (signal) => {
    if (drain.stopping) return;
    drain.stopping = true;
    const code = signal === 'SIGINT' ? 130 : 143;
    const listening = drain.listening();
    if (signal === 'SIGINT' || !listening.length) return close(code);
    const started = Date.now();
    const heard = () => listening.every((seen) => seen.told >= DRAIN_CHECKS);
    const wait = setInterval(() => {
      if (!heard() && Date.now() - started < DRAIN_MAX_MS) return;
      clearInterval(wait);
      setTimeout(() => close(code), heard() ? SETTLE_MS : 0);
    }, 100);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

const INSTALLED = Symbol.for('portal.serverEntry');

/** Installs the guards once per process; lib/startup-checks.ts refuses a production start without them. */
function installRequestGuards() {
  if (globalThis[INSTALLED]) return;
  globalThis[INSTALLED] = true;
  subscribe('http.server.request.start', onRequestStart);
  subscribe('http.server.response.finish', lingerIfBodyPending);
}

module.exports = { DRAIN, DRAIN_CHECKS, LINGER_MS, PEER_HEADER, installRequestGuards, repairUrl };

/**
 * A port another program holds is said in one sentence naming the setting to change; Next.js would
 * print its error with a stack trace.
 */
function startWhenPortIsFree(start) {
  const port = Number(process.env.PORT) || 3000;
  const host = process.env.HOSTNAME || '0.0.0.0';
  const probe = createServer();
  probe.once('error', (error) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${port} on ${host} is taken by another program: stop it, or choose another with PORT.` : `The portal cannot listen on ${host}:${port}: ${error.message}. Check PORT and HOSTNAME.`);
    process.exit(1);
  });
  probe.listen(port, host, () => probe.close(start));
}

/**
 * Next.js's server is created by its own entry with its handler: the handler is wrapped on the way
 * in, so that `first` may answer a request before Next.js does (it returns true when it did).
 */
function handleFirst(first) {
  const http = require('node:http');
  const create = http.createServer;
  http.createServer = function createServer(...args) {
    const at = args.findIndex((arg) => typeof arg === 'function');
    if (at >= 0) {
      const handler = args[at];
      args[at] = function portalRequest(request, response) {
        if (!first(request, response)) return handler.call(this, request, response);
      };
    }
    return create.apply(this, args);
  };
}

if (require.main === module) {
  installRequestGuards();
  drainThenClose();
  handleFirst(require('./portal-static.cjs').staticFiles(__dirname));
  startWhenPortIsFree(() => require('./next-server.js'));
}
