import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { defaultProfiles, SUPER_ADMIN_PROFILE_ID } from '../../src/domain/defaults';
import type { FetchLike, LiveSource } from '../../src/sync/engine';
import { tempDataFile } from '../server/helpers';

export interface TestServer {
  app: FastifyInstance;
  /** A fetch that reaches the real app through `inject`, counting the bytes each way. */
  fetch: FetchLike;
  /** The same fetch under the session of a seeded teacher (SEED_TEACHER_PASSWORD). */
  fetchAs: (userId: SeedTeacherId) => Promise<FetchLike>;
  bytes: { sent: number; received: number; requests: number };
  isDown: boolean;
  close: () => Promise<void>;
}

/**
 * The organisation 'demo' with one Super Admin, signed in: the sync mechanics under test run with a session
 * that may write everything (access rules have their own tests).
 */
/** The revision of the seeded organisation, before the test's own writes. */
export const SEED_REVISION = 1;
export const SEED_ADMIN_ID = 'admin';

/** Teachers who write their own contract files: the server accepts a file only from its teacher. */
export const SEED_TEACHER_PASSWORD = 'Prof@2026';
const SEED_TEACHERS = { 'u-t': 't@test.local', 'u-t1': 'moussa@ecole.sn' } as const;
export type SeedTeacherId = keyof typeof SEED_TEACHERS;
const TEACHER_FILE_PROFILE = {
  id: 'teacher-file',
  name: 'Enseignant',
  moduleIds: ['teacher', 'teacher.today', 'teacher.contract'],
  formFieldKeys: [],
};

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { orgId: 'demo', email, password },
  });
  const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='));
  if (!cookie) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  return cookie.split(';')[0] ?? '';
}

async function seedAndSignIn(app: FastifyInstance): Promise<string> {
  const store = {
    users: [
      {
        id: 'admin',
        name: 'Admin',
        email: 'admin@test.local',
        profileId: SUPER_ADMIN_PROFILE_ID,
        status: 'Active',
        password: 'Admin@2026',
      },
      ...Object.entries(SEED_TEACHERS).map(([id, email]) => ({
        id,
        name: `Enseignant ${id}`,
        email,
        profileId: TEACHER_FILE_PROFILE.id,
        status: 'Active',
        password: SEED_TEACHER_PASSWORD,
        mustChangePassword: false,
      })),
    ],
    profiles: [...defaultProfiles(), TEACHER_FILE_PROFILE],
  };
  const put = await app.inject({
    method: 'PUT',
    url: '/api/store?orgId=demo',
    headers: { 'x-setup-code': 'UNIT-SETUP' },
    payload: store,
  });
  if (put.statusCode !== 200) throw new Error(`seed failed: ${put.statusCode} ${put.body}`);
  return signIn(app, 'admin@test.local', 'Admin@2026');
}

export async function startTestServer(): Promise<TestServer> {
  const data = tempDataFile();
  const config = { ...configFromEnv({}), dataFile: data.file, staticDir: null, setupCode: 'UNIT-SETUP' };
  const app = await buildApp({ config });
  const cookie = await seedAndSignIn(app);
  const server: TestServer = {
    app,
    bytes: { sent: 0, received: 0, requests: 0 },
    isDown: false,
    fetchAs: async (userId) => fetchWith(await signIn(app, SEED_TEACHERS[userId], SEED_TEACHER_PASSWORD)),
    fetch: (url, init) => fetchWith(cookie)(url, init),
    close: async () => {
      await app.close();
      data.cleanup();
    },
  };
  function fetchWith(cookie: string): FetchLike {
    return async (url, init) => {
      if (server.isDown) throw new TypeError('Failed to fetch');
      const body = typeof init?.body === 'string' ? init.body : undefined;
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      headers.cookie = cookie;
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      server.bytes.requests += 1;
      server.bytes.sent += url.length + (body === undefined ? 0 : Buffer.byteLength(body));
      server.bytes.received += res.rawPayload.length;
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: out });
    };
  }
  return server;
}

/** EventSource's readyState values (the engine reads CLOSED only). */
export const LIVE_STATE = { connecting: 0, open: 1, closed: 2 } as const;

/**
 * A live stream the test drives in place of the browser's EventSource (SyncEngineOptions.live): it keeps the
 * engine's listeners and delivers the events the server would send (`open`, `revision` with `{ revision }`,
 * `error`), and notes whether the engine closed it.
 */
export class FakeLiveSource implements LiveSource {
  readyState: number = LIVE_STATE.connecting;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = LIVE_STATE.closed;
  }

  /** The connection (re)opened. */
  open(): void {
    this.readyState = LIVE_STATE.open;
    this.emit(new Event('open'));
  }

  /** The server announces the organisation's store revision. */
  revision(revision: number): void {
    this.emit(new MessageEvent('revision', { data: JSON.stringify({ revision }) }));
  }

  /** The connection broke: the browser retries (connecting) or gives up (closed, e.g. a 401). */
  fail(state: number = LIVE_STATE.closed): void {
    this.readyState = state;
    this.emit(new Event('error'));
  }

  /** Like EventSource, nothing is delivered once closed. */
  private emit(event: Event): void {
    if (this.closed) return;
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
}

/** Every stream the engine opened, newest last, for SyncEngineOptions.live. */
export function fakeLive(): { open: (url: string) => FakeLiveSource; sources: FakeLiveSource[] } {
  const sources: FakeLiveSource[] = [];
  return {
    sources,
    open: (url) => {
      const source = new FakeLiveSource(url);
      sources.push(source);
      return source;
    },
  };
}

/** The engine's timers, held until the test fires them (SyncEngineOptions.setTimer / clearTimer). */
export function heldTimers() {
  const timers: { fn: () => void; ms: number; cleared: boolean; fired: boolean }[] = [];
  return {
    timers,
    setTimer: (fn: () => void, ms: number) => {
      const timer = { fn, ms, cleared: false, fired: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle: unknown) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    /** The timers neither fired nor cleared. */
    pending: () => timers.filter((t) => !t.cleared && !t.fired),
    /** Fires the pending timer that asked for `ms` (the periodic pull: pullIntervalMs). */
    fire(ms: number): void {
      const timer = timers.find((t) => !t.cleared && !t.fired && t.ms === ms);
      if (!timer) throw new Error(`no pending timer of ${ms} ms`);
      timer.fired = true;
      timer.fn();
    },
  };
}
