import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { SyncStorage } from '../storage/sync-storage';
import { sessionOf } from './org-session';

/**
 * Live follow-up (GET /api/live?orgId=): a Server-Sent Events stream telling a device the organisation's
 * revision each time a batch commits, on this server or any other sharing the database. The event carries
 * the revision only; the device then pulls /api/changes, which filters records for its session as always.
 *
 * A comment line every `heartbeatMs` keeps proxies and load balancers from closing an idle stream, and is
 * when the session is checked again: a stream ends at the next heartbeat after its session ended (logout,
 * expiry, archive), and the browser's reconnection is then answered 401, which stops it.
 * Reverse proxies must not buffer it (X-Accel-Buffering: no is sent for nginx) and must allow a read
 * timeout above the heartbeat.
 */
export const LIVE_HEARTBEAT_MS = 20_000;
/** What the browser waits before reconnecting after a dropped stream (SSE `retry:`). */
export const LIVE_RETRY_MS = 3_000;
/**
 * Open streams per session and per address, on one server: a new one beyond closes the oldest. A device
 * needs one (a tab or two more); a school behind one address, a few dozen. Before, one teacher session
 * opened 3,000 streams in 1.8 s and held the server's file descriptors (every new connection refused).
 */
export const LIVE_MAX_PER_SESSION = 4;
export const LIVE_MAX_PER_ADDRESS = 50;

/** Streams in the order they opened, per key: the oldest goes first when a key is full. */
class OpenStreams {
  private readonly byKey = new Map<string, (() => void)[]>();

  constructor(private readonly max: number) {}

  /** Adds a stream under `key`, ending the oldest ones beyond the cap. */
  add(key: string, end: () => void): void {
    const list = this.byKey.get(key) ?? [];
    list.push(end);
    this.byKey.set(key, list);
    while (list.length > this.max) list.shift()?.();
  }

  remove(key: string, end: () => void): void {
    const list = this.byKey.get(key);
    if (!list) return;
    const at = list.indexOf(end);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.byKey.delete(key);
  }
}

export interface LiveRouteOptions {
  storage: SyncStorage;
  heartbeatMs?: number;
  maxPerSession?: number;
  maxPerAddress?: number;
}

export function revisionEvent(revision: number): string {
  return `event: revision\ndata: ${JSON.stringify({ revision })}\n\n`;
}

export function registerLiveRoute(app: FastifyInstance, options: LiveRouteOptions): void {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  /** Open streams, ended when the server closes (else app.close() would wait for them forever). */
  const open = new Set<() => void>();
  const perSession = new OpenStreams(options.maxPerSession ?? LIVE_MAX_PER_SESSION);
  const perAddress = new OpenStreams(options.maxPerAddress ?? LIVE_MAX_PER_ADDRESS);
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });

  app.get('/api/live', { config: { session: 'required' } }, async (request, reply) => {
    const auth = sessionOf(request);
    const orgId = request.orgId;

    // The stream is written by hand: no compression, no buffering, no onSend payload hooks.
    reply.hijack();
    const res: ServerResponse = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write(`retry: ${LIVE_RETRY_MS}\n\n`);

    let ended = false;
    const unsubscribe = options.storage.onRevision((org, revision) => {
      if (org === orgId && !ended) res.write(revisionEvent(revision));
    });
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      perSession.remove(auth.session.tokenHash, end);
      perAddress.remove(request.ip, end);
      res.end();
    };
    // The session is checked again by the one session mechanism (org-session.ts), as the stream's opening was.
    const heartbeat = setInterval(() => {
      void request.sessionHolds().then((holds) => {
        if (ended) return;
        if (holds) res.write(': ping\n\n');
        else end();
      });
    }, heartbeatMs);
    open.add(end);
    perSession.add(auth.session.tokenHash, end);
    perAddress.add(request.ip, end);
    request.raw.on('close', end);
    res.on('error', end);
  });
}
