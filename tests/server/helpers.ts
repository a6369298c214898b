import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { SessionService } from '../../server/auth/sessions';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { MIGRATIONS } from '../../server/storage/migrations';
import { openStorage } from '../../server/storage/open-storage';
import type { SyncStorage } from '../../server/storage/sync-storage';
import { readStore } from '../../server/sync-service';
import { assignSubstitute, declareAbsence } from '../../src/domain/absences/records';
import type { CourseToCover } from '../../src/domain/absences/substitute-ranking';
import { defaultProfiles } from '../../src/domain/defaults';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import { PBKDF2_ITERATIONS } from '../../src/domain/secrets';
import { TEST_ITERATIONS } from '../fixtures/sample-store';

/**
 * The setup code of every test server (SETUP_CODE): creating an organisation without a session (the first
 * device's PUT /api/store) and the emergency area need it, sent as the `x-setup-code` header or `setupCode`.
 */
export const TEST_SETUP_CODE = 'TEST-SETUP-CODE-2026';
export const SETUP_CODE_HEADERS = { 'x-setup-code': TEST_SETUP_CODE } as const;

/**
 * A test server's configuration: SETUP_CODE set, and the fixtures' fast hashes (TEST_ITERATIONS) accepted
 * beside the server's own 600,000 iterations (the security tests start with the production list).
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...configFromEnv({}),
    staticDir: null,
    host: '127.0.0.1',
    port: 0,
    setupCode: TEST_SETUP_CODE,
    acceptedHashIterations: [PBKDF2_ITERATIONS, TEST_ITERATIONS],
    ...overrides,
  };
}

export function tempDataFile(): { file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-test-'));
  return {
    file: path.join(dir, 'app.sqlite'),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The server suite runs once per storage engine. SQLite always; PostgreSQL when one answers at
 * TEST_DATABASE_URL (an explicit URL that does not answer is an error, so CI cannot silently skip it) or
 * at the local default below (optional: skipped, and said so, when nothing listens there).
 * TEST_DATABASE_URL=off runs SQLite only.
 */
export const DEFAULT_TEST_DATABASE_URL = 'postgresql://emargement:emargement@127.0.0.1:5432/emargement_test';

export type BackendName = 'sqlite' | 'postgres';

/** One empty database for one test: a SQLite file, or a PostgreSQL schema of its own. */
export interface TestDatabase {
  backend: BackendName;
  /** The SQLite file (unused on PostgreSQL). */
  file: string;
  /** The PostgreSQL connection string, search_path set to this test's schema; null on SQLite. */
  databaseUrl: string | null;
  cleanup: () => Promise<void>;
}

export interface Backend {
  name: BackendName;
  fresh: () => Promise<TestDatabase>;
}

export interface PostgresProbe {
  url: string | null;
  note: string;
}

async function answers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function probePostgres(env: NodeJS.ProcessEnv = process.env): Promise<PostgresProbe> {
  const explicit = env.TEST_DATABASE_URL?.trim();
  if (explicit === 'off') return { url: null, note: 'TEST_DATABASE_URL=off' };
  const url = explicit || DEFAULT_TEST_DATABASE_URL;
  const failure = await answers(url);
  if (failure === null) return { url, note: explicit ? 'TEST_DATABASE_URL' : 'local default' };
  if (explicit) throw new Error(`TEST_DATABASE_URL does not answer: ${failure}`);
  return { url: null, note: `no PostgreSQL at ${DEFAULT_TEST_DATABASE_URL} (${failure})` };
}

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

function postgresBackend(url: string): Backend {
  return {
    name: 'postgres',
    fresh: async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA ${schema}`);
      } finally {
        await admin.end();
      }
      return {
        backend: 'postgres',
        file: '',
        databaseUrl: withSearchPath(url, schema),
        cleanup: async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

const sqliteBackend: Backend = {
  name: 'sqlite',
  fresh: () => {
    const data = tempDataFile();
    return Promise.resolve({
      backend: 'sqlite',
      file: data.file,
      databaseUrl: null,
      cleanup: () => Promise.resolve(data.cleanup()),
    });
  },
};

let probed: Promise<PostgresProbe> | undefined;

/** The engines this run covers, SQLite first. */
export async function serverBackends(): Promise<Backend[]> {
  probed ??= probePostgres();
  const { url } = await probed;
  return url ? [sqliteBackend, postgresBackend(url)] : [sqliteBackend];
}

/** An open database (the connection string) of a TestDatabase, e.g. to look inside from a test. */
export async function withPostgres<T>(db: TestDatabase, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!db.databaseUrl) throw new Error('not a PostgreSQL test database');
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database as an older server left it: its first `count` migrations applied and recorded as the
 * server records them, then `fill` writes the rows of that time (the upgrade tests start from it).
 */
export async function postgresAtMigration(
  db: TestDatabase,
  count: number,
  fill: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: db.databaseUrl ?? '' });
  const client = await pool.connect();
  try {
    await client.query(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    for (const migration of MIGRATIONS.slice(0, count)) {
      await migration.postgres(client);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    await fill(client);
  } finally {
    client.release();
    await pool.end();
  }
}

type Target = string | TestDatabase;
const fileOf = (target: Target) => (typeof target === 'string' ? target : target.file);
const urlOf = (target: Target) => (typeof target === 'string' ? null : target.databaseUrl);

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** The app's own storage: tests look inside it (sessions, records as the server holds them). */
  storage: SyncStorage;
}

/** What buildApp takes beside the configuration and the storage (a setup-code sink, a live heartbeat...). */
export type AppOptions = Omit<BuildOptions, 'config' | 'storage'>;

export async function startServer(
  target: Target,
  overrides: Partial<ServerConfig> = {},
  appOptions: AppOptions = {},
): Promise<RunningServer> {
  const config = testConfig({ dataFile: fileOf(target), databaseUrl: urlOf(target), ...overrides });
  const storage = await openStorage(config);
  // The app closes the storage it is given when it closes.
  const app = await buildApp({ ...appOptions, config, storage });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}`, storage };
}

/** The database and the server of the test that runs now (useTestDb). */
export interface TestDb {
  readonly data: TestDatabase;
  readonly server: RunningServer;
  /**
   * (Re)starts this test's server on the same database with `overrides` beside useTestDb's settings: a
   * restart, or settings of the test's own (a smaller budget, other rate limits). The running one is closed first.
   */
  startWith: (overrides?: Partial<ServerConfig>, appOptions?: AppOptions) => Promise<RunningServer>;
  /** Closes this test's server and keeps its database (a real server process may take it over; startWith). */
  stop: () => Promise<void>;
}

export interface TestDbOptions {
  /** No server before each test: each test starts its own with startWith (its settings differ per test). */
  deferStart?: boolean;
}

/**
 * One empty database of `backend` and a server on it for each test, closed and dropped after it: the setup
 * every server test repeats. Read `.server` and `.data` inside the tests (they change from test to test).
 */
export function useTestDb(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
  options: TestDbOptions = {},
): TestDb {
  let data: TestDatabase | undefined;
  let server: RunningServer | undefined;
  const stop = async () => {
    const running = server;
    server = undefined;
    await running?.app.close();
  };
  const startWith = async (more: Partial<ServerConfig> = {}, appOptions: AppOptions = {}) => {
    if (!data) throw new Error('useTestDb: start inside a test');
    await stop();
    server = await startServer(data, { ...overrides, ...more }, appOptions);
    return server;
  };
  beforeEach(async () => {
    data = await backend.fresh();
    if (!options.deferStart) await startWith();
  });
  afterEach(async () => {
    await stop();
    await data?.cleanup();
    data = undefined;
  });
  return {
    get data() {
      if (!data) throw new Error('useTestDb: read inside a test');
      return data;
    },
    get server() {
      if (!server) throw new Error('useTestDb: no server running (read inside a test, after startWith)');
      return server;
    },
    startWith,
    stop,
  };
}

export interface SeededOrgOptions {
  /** What the organisation holds beside ROOT_ADMIN and the default profiles (seedOrg's `extra`). */
  store?: () => Partial<StoreV1> | Promise<Partial<StoreV1>>;
  /** The server's clock (Date only) from before the server starts until it is closed. */
  now?: string | Date;
  /** The server's configuration beside testConfig(). */
  config?: Partial<ServerConfig>;
}

/** The database, the server and the seeded organisation of the test that runs now (useSeededOrg). */
export interface TestOrg extends TestDb {
  readonly orgId: string;
  /** ROOT_ADMIN's session cookie (`sid=…`). */
  readonly root: string;
  /** The organisation's revision after the seed. */
  readonly revision: number;
}

/**
 * useTestDb, then the organisation `orgId` seeded for each test (seedOrg: ROOT_ADMIN signed in) with what
 * `options.store` gives, the server's Date set to `options.now` when given (restored after the test).
 */
export function useSeededOrg(backend: Backend, orgId: string, options: SeededOrgOptions = {}): TestOrg {
  if (options.now !== undefined) {
    const now = new Date(options.now);
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    });
    afterEach(() => {
      vi.useRealTimers();
    });
  }
  const db = useTestDb(backend, options.config);
  let seeded: SeededOrg | undefined;
  beforeEach(async () => {
    seeded = await seedOrg(db.server.url, orgId, (await options.store?.()) ?? {});
  });
  afterEach(() => {
    seeded = undefined;
  });
  const current = (): SeededOrg => {
    if (!seeded) throw new Error('useSeededOrg: read inside a test');
    return seeded;
  };
  return {
    orgId,
    get data() {
      return db.data;
    },
    get server() {
      return db.server;
    },
    get root() {
      return current().cookie;
    },
    get revision() {
      return current().revision;
    },
    startWith: db.startWith,
    stop: db.stop,
  };
}

/** Cookie header values: `sid=…`, `kiosk=…`, joined as a browser sends them. */
export function joinCookies(...cookies: (string | null | undefined)[]): string {
  return cookies.filter((c): c is string => !!c).join('; ');
}

/** The `name=value` pair a response sets for one cookie (null if it sets none). */
export function cookieFrom(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON unless already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** fetch with the session cookie(s) of a test client; a body goes as JSON. */
export async function api(url: string, cookie: string | null, init: ApiInit = {}): Promise<Response> {
  const response = await send(url, cookie, init);
  // A streamed answer (store, backup, changes) left unread keeps its connection busy, and the server's close()
  // in afterEach waits for it: the body is read here, except for the live stream and abortable requests.
  if (init.signal || new URL(url).pathname === '/api/live') return response;
  const body = await response.arrayBuffer();
  const nullBody = [101, 103, 204, 205, 304].includes(response.status);
  return new Response(nullBody ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function send(url: string, cookie: string | null, init: ApiInit): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (cookie) headers.cookie = cookie;
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  return fetch(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.signal ? { signal: init.signal } : {}),
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
}

/** The administrator every seeded organisation starts with: Super Admin of defaultProfiles(). */
export const ROOT_ADMIN = {
  id: 'u-root',
  name: 'Admin Racine',
  email: 'root@ecole.test',
  password: 'Racine@2026!',
} as const;

/** POST /api/auth/login; the `sid=…` cookie of the new session (throws when sign-in is refused). */
export async function signIn(base: string, orgId: string, email: string, password: string): Promise<string> {
  const response = await api(`${base}/api/auth/login`, null, {
    method: 'POST',
    body: { orgId, email, password, remember: true },
  });
  const cookie = cookieFrom(response, 'sid');
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return cookie;
}

/** Someone who signs in by email and password. */
export interface SignInAs {
  email: string;
  password: string;
}

/** signIn with a person's credentials (a Credentials of the builders, or any { email, password }). */
export const signInAs = (base: string, orgId: string, who: SignInAs): Promise<string> =>
  signIn(base, orgId, who.email, who.password);

export interface PushOptions {
  /** The device that sends (`clientId`); 'device' unless said. */
  clientId?: string;
  /** The revision the device has: the answer then brings the changes after it. */
  since?: number;
}

/** A device's push, POST /api/mutations of `orgId` with `mutations`: the raw answer. */
export function pushChanges(
  base: string,
  orgId: string,
  cookie: string | null,
  mutations: Mutation[],
  options: PushOptions = {},
): Promise<Response> {
  const { clientId = 'device', since } = options;
  return api(`${base}/api/mutations?orgId=${orgId}`, cookie, {
    method: 'POST',
    body: since === undefined ? { clientId, mutations } : { clientId, mutations, since },
  });
}

/** The same push, which must be answered 200: the whole answer (results, revision…). */
export async function pushAccepted(
  base: string,
  orgId: string,
  cookie: string | null,
  mutations: Mutation[],
  options: PushOptions = {},
): Promise<PushResponse> {
  const response = await pushChanges(base, orgId, cookie, mutations, options);
  expect(response.status).toBe(200);
  return (await response.json()) as PushResponse;
}

/** The same push, answered 200: the result of each mutation, in order. */
export async function pushResults(
  base: string,
  orgId: string,
  cookie: string | null,
  mutations: Mutation[],
  options: PushOptions = {},
): Promise<MutationResult[]> {
  return (await pushAccepted(base, orgId, cookie, mutations, options)).results;
}

/** A push of one mutation, answered 200: its result. */
export async function pushOne(
  base: string,
  orgId: string,
  cookie: string | null,
  mutation: Mutation,
  options: PushOptions = {},
): Promise<MutationResult> {
  const [result] = await pushResults(base, orgId, cookie, [mutation], options);
  if (!result) throw new Error('a push of one mutation answered no result');
  return result;
}

/** What the server holds for `orgId`, read from its own storage. */
export async function storeOf(server: RunningServer, orgId: string): Promise<StoreV1> {
  return (await readStore(server.storage, orgId)).store;
}

/** The revision the server holds for `orgId` now: the base revision of a device up to date. */
export async function revisionOf(server: RunningServer, orgId: string): Promise<number> {
  return (await readStore(server.storage, orgId)).revision;
}

/** A teacher's absence as seeded: declared by `actorUserId` at `now`, the whole day unless times are given. */
export interface AbsenceSeed {
  id: string;
  teacherUserId: string;
  date: string;
  startTime?: string | null;
  endTime?: string | null;
  actorUserId: string;
  now: string;
  /** The courses it covers with their substitute (a user id), or null: cancelled for want of one. */
  substitutes?: [course: CourseToCover, substituteUserId: string | null][];
}

/**
 * The records of an absence (declareAbsence, reason 'Malade') and, when `substitutes` are given, of the
 * substitutions the same actor assigned for it at the same time (assignSubstitute), to seed with seedOrg.
 */
export function absenceRecords(seed: AbsenceSeed): Pick<Partial<StoreV1>, 'absences' | 'substitutions'> {
  const { id, teacherUserId, actorUserId, now } = seed;
  const absence = declareAbsence({
    id,
    teacherUserId,
    date: seed.date,
    startTime: seed.startTime ?? null,
    endTime: seed.endTime ?? null,
    reason: 'Malade',
    actorUserId,
    now,
  });
  if (!absence.ok) throw new Error(absence.code);
  if (!seed.substitutes) return { absences: [{ ...absence.value }] };
  return {
    absences: [{ ...absence.value }],
    substitutions: seed.substitutes.map(([course, substituteUserId]) => ({
      ...assignSubstitute({ course, absence: { id, teacherUserId }, substituteUserId, actorUserId, now }),
    })),
  };
}

/** A kiosk enrolled by an administrator (POST /api/kiosks, answered 201): its `kiosk=…` cookie. */
export async function enrolKiosk(base: string, adminCookie: string, name = 'Salle 12'): Promise<string> {
  const enrolled = await api(`${base}/api/kiosks`, adminCookie, { method: 'POST', body: { name } });
  expect(enrolled.status).toBe(201);
  const kiosk = cookieFrom(enrolled, 'kiosk');
  if (!kiosk) throw new Error('no kiosk cookie');
  return kiosk;
}

export interface SeededOrg {
  /** The root administrator's session cookie (`sid=…`). */
  cookie: string;
  /** The organisation's revision after the seed: later revisions are counted from it. */
  revision: number;
}

/**
 * A new organisation as its first device creates it (with the owner's setup code): one PUT with the setup code of a store holding
 * ROOT_ADMIN with a clear password (the server hashes it), the default profiles (a profile of `extra` with
 * the same id replaces the default one) and whatever else `extra` brings; then ROOT_ADMIN signs in.
 */
export async function seedOrg(base: string, orgId: string, extra: Partial<StoreV1> = {}): Promise<SeededOrg> {
  const own = new Set((extra.profiles ?? []).map((p) => p.id));
  const store: Partial<StoreV1> = {
    ...extra,
    users: [
      {
        id: ROOT_ADMIN.id,
        name: ROOT_ADMIN.name,
        email: ROOT_ADMIN.email,
        profileId: 'super-admin',
        status: 'Active',
        password: ROOT_ADMIN.password,
        mustChangePassword: false,
      },
      ...(extra.users ?? []),
    ],
    profiles: [...defaultProfiles().filter((p) => !own.has(p.id)), ...(extra.profiles ?? [])],
  };
  const response = await api(`${base}/api/store?orgId=${orgId}`, null, {
    method: 'PUT',
    body: store,
    headers: SETUP_CODE_HEADERS,
  });
  if (response.status !== 200) throw new Error(`seed answered ${response.status}: ${await response.text()}`);
  const { revision } = (await response.json()) as { revision: number };
  return { cookie: await signIn(base, orgId, ROOT_ADMIN.email, ROOT_ADMIN.password), revision };
}

/** A user session opened directly in storage (for data no password opens, e.g. a migrated database). */
export async function openSession(storage: SyncStorage, orgId: string, userId: string): Promise<string> {
  const { token } = await new SessionService(storage).open({
    orgId,
    userId,
    scope: 'user',
    deviceId: 'password',
    now: new Date(),
  });
  return `sid=${token}`;
}

/**
 * A port for a server process of a test: random below Linux's ephemeral range (32768-60999), where no
 * outgoing connection of the suite (fetch, PostgreSQL) can hold it, and checked free by binding it once.
 * Random ports up to 40000 once collided in CI: the child exited at start (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * The real server entry point in its own process: the TypeScript source, or `entry`, a compiled bundle
 * (scripts/build-server.mjs), as `npm start` runs it.
 */
export async function startServerProcess(
  target: Target,
  port: number,
  entry?: string,
): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const databaseUrl = urlOf(target);
  const args = entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_FILE: fileOf(target),
      STATIC_DIR: '',
      SETUP_CODE: TEST_SETUP_CODE,
      // Durability tests push tens of thousands of mutations a minute from one session: the write budget
      // (tested on its own in security-writes.test.ts) must not answer them 429 before the kill.
      WRITE_BUDGET_MUTATIONS: '10000000',
      WRITE_BUDGET_BYTES: String(10 * 1024 ** 3),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its error output, kept short (and read, so the pipe never fills): a start that fails says why.
  let errors = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    errors = (errors + chunk).slice(-2000);
  });
  // Compiling the TypeScript entry takes seconds on a loaded machine; a start that fails exits sooner.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited at start: ${errors.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  // Ended already: by itself (exitCode) or by a signal (signalCode; exitCode stays null then).
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
