import type { AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { onLocalWrite } from '../db/repository';
import { confirmStoragePresent, isStorageGone, onStorageGone } from '../db/storage-presence';
import {
  changesResponseSchema,
  CLIENT_BATCH_SIZE,
  DEFAULT_CHANGES_PAGE,
  MAX_CHANGES_PAGE,
  type ChangeFeedPage,
  type SessionState,
} from '../domain/sync/protocol';
import { applyRemoteRecords } from './apply-remote';
import { ANY_AUTHOR, authorFilterFor, expectedServerUser, type AuthorFilter } from '../session/authors';
import type { SessionGate } from '../session/server-session';
import {
  orgQuery,
  sendOutbox,
  withOutboxLock,
  type ExchangeOutcome,
  type ExchangeResult,
  type FetchLike,
} from './outbox-push';
import { withServerClock } from './server-clock';
import { wholeStoreSettled } from './whole-store';
import { SESSION_EVENT } from '../session/session-events';

export const PULL_INTERVAL_MS = 60_000;
export const PUSH_DEBOUNCE_MS = 200;
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** Exponential back-off with jitter: 1 s, 2 s, 4 s... up to 5 minutes, each between half and all of it. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}

// The batch loop is shared with the service worker (sw/outbox-sync.ts).
export { deviceIdOf, toWire, type ExchangeOutcome, type ExchangeResult, type FetchLike } from './outbox-push';

/**
 * Sends the outbox in batches. A batch leaves the outbox only once the server has answered for it; records
 * the server answers back (merged, refused, duplicate) are written with the remaining pending edits on top.
 */
export async function pushOutbox(
  db: AppDatabase,
  fetchImpl: FetchLike,
  batchSize: number = CLIENT_BATCH_SIZE,
  canSend: AuthorFilter = ANY_AUTHOR,
): Promise<ExchangeResult> {
  const outcome = await sendOutbox(db, fetchImpl, { batchSize, canSend });
  return outcome === 'session-changed' ? 'unauthorised' : outcome;
}

/**
 * The store revision the tables are caught up to once a page of the change feed is written. The feed runs in
 * revision order: after the last page, every change up to the page's revision is in; after another page,
 * every change below the highest revision it carries (the rest of that revision may be on the next page).
 * The revision thus moves page by page, and an interrupted pull resumes where it is known to be complete.
 */
export function caughtUpAfter(
  page: { revision: number; next: string | null; changes: readonly { rev: number }[] },
  before: number,
): number {
  if (page.next === null) return Math.max(page.revision, before);
  let highest = 0;
  for (const change of page.changes) highest = Math.max(highest, change.rev);
  return Math.max(before, highest - 1);
}

/** How a pull ended, and the server revision its last page was read at (null: no complete page). */
export interface PullOutcome {
  result: ExchangeResult;
  serverRevision: number | null;
}

/**
 * Pulls every change since the revision the tables are caught up to, page by page. Each page is written
 * in one transaction with the revision it brings the tables to (caughtUpAfter), so an interrupted pull
 * restarts from where it is known to be complete (re-applying a record is harmless). `shown`: whose unsent edits
 * are re-applied over the pulled records (apply-remote.ts; by default the device's current user's).
 */
export async function pullPages(
  db: AppDatabase,
  fetchImpl: FetchLike,
  pageSize: number = DEFAULT_CHANGES_PAGE,
  shown?: AuthorFilter,
  first?: { since: number; page: ChangeFeedPage },
): Promise<PullOutcome> {
  const since = first?.since ?? (await getMeta(db, 'revision')) ?? 0;
  const query = await orgQuery(db);
  let url = `/api/changes?${query}&since=${since}&limit=${pageSize}`;
  let received = 0;
  let caughtUpTo = since;
  let given = first?.page;
  for (;;) {
    const page = given ?? (await fetchPage(fetchImpl, url));
    given = undefined;
    if (page === 'failed' || page === 'unauthorised') return { result: page, serverRevision: null };
    caughtUpTo = caughtUpAfter(page, caughtUpTo);
    await applyRemoteRecords(db, page.changes, { shown, caughtUpTo });
    received += page.changes.length;
    if (page.next === null) return { result: received > 0 ? 'ok' : 'nothing', serverRevision: page.revision };
    url = `/api/changes?${query}&cursor=${encodeURIComponent(page.next)}&limit=${pageSize}`;
  }
}

async function fetchPage(
  fetchImpl: FetchLike,
  url: string,
): Promise<ChangeFeedPage | 'failed' | 'unauthorised'> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  } catch {
    return 'failed';
  }
  if (response.status === 401) return 'unauthorised';
  if (!response.ok) return 'failed';
  const parsed = changesResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : 'failed';
}

/** pullPages, for callers that need only how it ended. */
export async function pullChanges(
  db: AppDatabase,
  fetchImpl: FetchLike,
  pageSize: number = DEFAULT_CHANGES_PAGE,
  shown?: AuthorFilter,
): Promise<ExchangeResult> {
  return (await pullPages(db, fetchImpl, pageSize, shown)).result;
}

export interface ExchangeOptions {
  batchSize?: number;
  pageSize?: number;
  /**
   * The person the server session must act for (null: the kiosk credential, nobody signed in). A session
   * acting for anyone else answers 409 and takes nothing. undefined: no check.
   */
  expectedUserId?: string | null;
  /** Which outbox mutations travel (by their author); every one by default. */
  canSend?: AuthorFilter;
}

/** The kiosk credential the server named in its answer (reconcile.ts reads the same from the session route). */
async function noteKiosk(db: AppDatabase, session: SessionState): Promise<void> {
  const name = session.kiosk?.name ?? null;
  if ((await getMeta(db, 'kioskName')) !== name) await setMeta(db, 'kioskName', name);
}

/**
 * One exchange, one round trip per outbox batch: each request pushes a batch (or nothing) with the revision
 * the tables are caught up to, and the server's answer carries the results, the changes after that revision
 * (read after the batch) and the session's state. Further pages of changes, when there are more than a page,
 * come through GET /api/changes; an answer without changes (a server that does not send them) is followed by
 * a pull. A batch leaves the outbox only once the server has answered for it.
 */
export async function exchangeOnce(
  db: AppDatabase,
  fetchImpl: FetchLike,
  options: ExchangeOptions = {},
): Promise<ExchangeOutcome> {
  const pageSize = options.pageSize ?? MAX_CHANGES_PAGE;
  // A whole load still writing its second step has left no revision to catch up from: wait for it.
  await wholeStoreSettled();
  return sendOutbox(db, fetchImpl, {
    batchSize: options.batchSize ?? CLIENT_BATCH_SIZE,
    canSend: options.canSend ?? ANY_AUTHOR,
    ...(options.expectedUserId === undefined ? {} : { expectedUserId: options.expectedUserId }),
    pull: {
      pageSize,
      afterAnswer: async (answer, since) => {
        if (answer.session) await noteKiosk(db, answer.session);
        const first = answer.changes ? { since, page: answer.changes } : undefined;
        return (await pullPages(db, fetchImpl, pageSize, undefined, first)).result;
      },
    },
  });
}

export interface SyncEngineOptions {
  db: AppDatabase;
  fetch: FetchLike;
  session: SessionGate;
  now?: () => Date;
  random?: () => number;
  pullIntervalMs?: number;
  batchSize?: number;
  pageSize?: number;
  /** Timers are injectable so tests can observe the back-off without waiting. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /**
   * Opens the live stream of the organisation's revisions (GET /api/live); the browser's EventSource by
   * default, null where there is none (the periodic pull then does all the catching up).
   */
  live?: ((url: string) => LiveSource) | null;
  /**
   * Called when an exchange fails while changes wait in the outbox (no network, server down): the app asks
   * for a Background Sync then, so the service worker pushes them when the network returns even if every
   * window is closed by then.
   */
  onPushFailed?: () => void;
}

/** What the engine needs of an EventSource. */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

/** Several revisions in a burst (a batch per teacher at 08:00) lead to one pull. */
export const LIVE_DEBOUNCE_MS = 50;
const LIVE_CLOSED = 2;

function defaultLive(): ((url: string) => LiveSource) | null {
  return typeof globalThis.EventSource === 'function' ? (url) => new globalThis.EventSource(url) : null;
}

/** The revision a live event announces (null for anything else). */
export function liveRevisionOf(event: Event): number | null {
  const data = (event as MessageEvent<unknown>).data;
  if (typeof data !== 'string') return null;
  try {
    const revision = (JSON.parse(data) as { revision?: unknown }).revision;
    return typeof revision === 'number' && Number.isInteger(revision) ? revision : null;
  } catch {
    return null;
  }
}

/**
 * The sync loop: push then pull on start, after local writes (debounced), periodically, and when the
 * network comes back; exponential back-off after failures. It uses only Dexie, fetch and timers, so it can
 * run in a Web Worker; today bootstrap() runs it on the main thread.
 *
 * A database deleted under the open page (db/storage-presence.ts) stops it for good: no further request, no
 * timer, nothing written. Going on would exchange for an emptied device that knows nobody (the session check
 * would then end the person's server session, which the lost-work report still needs) and fill it again
 * behind the "données effacées" screen; a reload starts over.
 */
export class SyncEngine {
  private readonly options: Required<
    Omit<SyncEngineOptions, 'setTimer' | 'clearTimer' | 'live' | 'onPushFailed'>
  > &
    Pick<SyncEngineOptions, 'setTimer' | 'clearTimer' | 'onPushFailed'>;
  private readonly openLive: ((url: string) => LiveSource) | null;
  /** The open live stream (while the last exchange succeeded), and the pull it asked for. */
  private live: LiveSource | null = null;
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  private liveRevision = 0;
  /** Who was signed in on the device when the stream opened (after a full exchange checked the session). */
  private liveUser: string | null = null;
  private running: Promise<ExchangeResult> | null = null;
  private rerun = false;
  private failures = 0;
  private timer: unknown = null;
  /** When the pending timer fires (monotonic ms), so a later request never postpones a sooner one. */
  private timerDueAt = 0;
  private stopped = true;
  private unsubscribe: (() => void) | null = null;
  /** Delays chosen after failures, newest last (read by tests and diagnostics). */
  readonly retryDelays: number[] = [];

  constructor(options: SyncEngineOptions) {
    this.options = {
      now: () => new Date(),
      random: Math.random,
      pullIntervalMs: PULL_INTERVAL_MS,
      batchSize: CLIENT_BATCH_SIZE,
      // Large pages: each is one request and one IndexedDB transaction.
      pageSize: MAX_CHANGES_PAGE,
      ...options,
    };
    this.openLive = options.live === undefined ? defaultLive() : options.live;
  }

  start(): void {
    if (!this.stopped || isStorageGone(this.options.db)) return;
    this.stopped = false;
    const offGone = onStorageGone(this.options.db, () => this.stop());
    // While backing off, a local write waits for the retry instead of hammering an unreachable server.
    const off = onLocalWrite(() => {
      if (this.failures === 0) this.schedule(PUSH_DEBOUNCE_MS);
    });
    const online = () => {
      this.failures = 0;
      this.schedule(0);
    };
    if (typeof globalThis.addEventListener === 'function') {
      globalThis.addEventListener('online', online);
      globalThis.addEventListener(SESSION_EVENT, online);
    }
    this.unsubscribe = () => {
      offGone();
      off();
      if (typeof globalThis.removeEventListener === 'function') {
        globalThis.removeEventListener('online', online);
        globalThis.removeEventListener(SESSION_EVENT, online);
      }
    };
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.cancelTimer();
    this.closeLive();
  }

  /**
   * Live follow-up: while exchanges succeed, a stream of the organisation's revisions (server-sent events)
   * makes a change made elsewhere arrive within a second instead of at the next periodic pull. Each event
   * announcing a revision the device does not have yet pulls (debounced); a reconnection pulls too (events
   * may have been missed meanwhile). A stream the server refuses (session ended) is dropped until the next
   * successful exchange; the periodic pull stays the fallback.
   */
  private async ensureLive(): Promise<void> {
    if (this.stopped || !this.openLive || (this.live && this.live.readyState !== LIVE_CLOSED)) return;
    this.closeLive();
    const source = this.openLive(`/api/live?${await orgQuery(this.options.db)}`);
    if (this.stopped) {
      source.close();
      return;
    }
    this.live = source;
    this.liveUser = await getMeta(this.options.db, 'currentUserId');
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) this.livePull(Number.MAX_SAFE_INTEGER);
      opened = true;
    });
    source.addEventListener('revision', (event) => {
      const revision = liveRevisionOf(event);
      if (revision !== null) this.livePull(revision);
    });
    source.addEventListener('error', () => {
      if (source.readyState === LIVE_CLOSED && this.live === source) this.closeLive();
    });
  }

  private livePull(revision: number): void {
    this.liveRevision = Math.max(this.liveRevision, revision);
    if (this.liveTimer !== null) return;
    this.liveTimer = setTimeout(() => {
      this.liveTimer = null;
      const wanted = this.liveRevision;
      this.liveRevision = 0;
      void this.liveExchange(wanted);
    }, LIVE_DEBOUNCE_MS);
  }

  /**
   * The pull a live event asks for. The stream's session was checked by the full exchange that opened it and
   * the server ends the stream with that session; while the same person is signed in here and nothing waits
   * in the outbox, a pull alone brings the change (one request instead of three: the 2-second promise of the
   * live follow-up). Anything else takes the full exchange.
   */
  private async liveExchange(wanted: number): Promise<void> {
    const { db } = this.options;
    // Our own pushes are announced too: nothing to pull once the device holds that revision.
    if (this.stopped || wanted <= ((await getMeta(db, 'revision')) ?? 0)) return;
    const sameUser = (await getMeta(db, 'currentUserId')) === this.liveUser;
    if (!sameUser || (await db.outbox.count()) > 0) {
      void this.syncOnce();
      return;
    }
    void this.run(async () => {
      const pulled = await pullChanges(db, withServerClock(this.options.fetch), this.options.pageSize);
      // Refused or failed: the full exchange sorts out the session or the network.
      if (pulled === 'unauthorised' || pulled === 'failed') this.schedule(0);
      return pulled;
    });
  }

  private closeLive(): void {
    this.live?.close();
    this.live = null;
    if (this.liveTimer !== null) clearTimeout(this.liveTimer);
    this.liveTimer = null;
  }

  /**
   * Resolves once no exchange runs any more and no whole load is still writing its second step (after stop():
   * the database can then be closed; at a sign-out: nothing lands after the purge).
   */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    await wholeStoreSettled();
  }

  /** One push-then-pull exchange; concurrent calls share it, and a call during a run queues one more. */
  syncOnce(): Promise<ExchangeResult> {
    return this.run(() => this.exchange());
  }

  private run(work: () => Promise<ExchangeResult>): Promise<ExchangeResult> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      if (await this.storageGone()) return 'failed' as const;
      try {
        return await work();
      } catch (error) {
        // A transaction cut by the deletion of the database is no error to report: the engine just stops.
        if (await this.storageGone()) return 'failed' as const;
        throw error;
      }
    })().finally(() => {
      this.running = null;
      if (this.rerun) {
        this.rerun = false;
        void this.syncOnce();
      }
    });
    return this.running;
  }

  /**
   * One exchange: push, pull and session check in one request per outbox batch (exchangeOnce), under the
   * person signed in here (expectedUserId). Only when the server answers that the session is gone (401) or
   * acts for someone else (409) does the session module sort it out (reconcile, a deferred sign-in...), then
   * the exchange is tried once more.
   */
  private async exchange(): Promise<ExchangeResult> {
    const { db } = this.options;
    let result = await this.exchangeUnderLock();
    // An emptied database knows nobody: its "session changed" must not reach the session check (which ends a
    // server session nobody holds here), and nothing of the answer is written to it.
    if (await this.storageGone()) return 'failed';
    if (result === 'unauthorised' || result === 'session-changed') {
      const access = await this.options.session(db, this.options.fetch);
      if (await this.storageGone()) return 'failed';
      if (access.status === 'offline') return this.failed();
      if (access.status === 'unauthorised') return this.unauthorised();
      result = await this.exchangeUnderLock();
      if (await this.storageGone()) return 'failed';
    }
    if (result === 'unauthorised' || result === 'session-changed') return this.unauthorised();
    if (result === 'failed') return this.failed();
    if ((await getMeta(db, 'signInNeeded')) !== false) await setMeta(db, 'signInNeeded', false);
    if ((await getMeta(db, 'serverReachable')) !== true) await setMeta(db, 'serverReachable', true);
    this.failures = 0;
    await setMeta(db, 'lastSyncAt', this.options.now().toISOString());
    this.schedule(this.options.pullIntervalMs);
    await this.ensureLive();
    return result;
  }

  private async exchangeUnderLock(): Promise<ExchangeOutcome> {
    const { db } = this.options;
    const expectedUserId = await expectedServerUser(db);
    // Each exchange also tells the device the server's time (trusted time of check-ins).
    const clocked = withServerClock(this.options.fetch);
    // Under the outbox lock: the service worker's Background Sync push never sends the same batch meanwhile.
    return withOutboxLock(() =>
      exchangeOnce(db, clocked, {
        batchSize: this.options.batchSize,
        pageSize: this.options.pageSize,
        expectedUserId,
        canSend: authorFilterFor({ userId: expectedUserId, kiosk: expectedUserId === null }),
      }),
    );
  }

  private async failed(): Promise<ExchangeResult> {
    const { db } = this.options;
    if ((await getMeta(db, 'serverReachable')) !== false) await setMeta(db, 'serverReachable', false);
    this.closeLive();
    if (this.options.onPushFailed && (await db.outbox.count()) > 0) this.options.onPushFailed();
    const delay = retryDelayMs(this.failures, this.options.random);
    this.failures += 1;
    this.retryDelays.push(delay);
    this.schedule(delay);
    return 'failed';
  }

  /** The server answers but will not take this device's changes until someone signs in (the server filters and authorises per session). */
  private async unauthorised(): Promise<ExchangeResult> {
    const { db } = this.options;
    if ((await getMeta(db, 'serverReachable')) !== true) await setMeta(db, 'serverReachable', true);
    if ((await getMeta(db, 'signInNeeded')) !== true) await setMeta(db, 'signInNeeded', true);
    this.closeLive();
    this.failures = 0;
    this.schedule(this.options.pullIntervalMs);
    return 'unauthorised';
  }

  /** The database was deleted under the page (db/storage-presence.ts): the engine stops for good. */
  private async storageGone(): Promise<boolean> {
    if (await confirmStoragePresent(this.options.db)) return false;
    this.stop();
    return true;
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    (this.options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  /**
   * Runs an exchange in `ms` at the latest. A pending sooner run is kept: an exchange that ends after a write
   * (or a sign-in, or the network's return) asked for a push meanwhile must not replace that push by its
   * periodic 60 s pull.
   */
  private schedule(ms: number): void {
    if (this.stopped) return;
    const dueAt = globalThis.performance.now() + ms;
    if (this.timer !== null && this.timerDueAt <= dueAt) return;
    this.cancelTimer();
    const run = () => {
      this.timer = null;
      void this.syncOnce();
    };
    this.timerDueAt = dueAt;
    this.timer = (this.options.setTimer ?? ((fn, delay) => setTimeout(fn, delay)))(run, ms);
  }
}
