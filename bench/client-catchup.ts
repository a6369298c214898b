/**
 * Catch-up of 10,000 remote changes by a device (the client half: writing pulled pages into IndexedDB).
 * Part of `npm run bench` (bench/run-all.mjs); alone:
 * `node --input-type=module -e "await (await import('vite')).runnerImport('./bench/client-catchup.ts')"`
 * (through Vite's module runner: the app's modules read import.meta.env).
 * - "client only": the pages the real server answered are recorded first, then replayed from memory, so the
 *   figure is the device's own work (parsing, overlaying pending edits, writing) without the server's.
 * - "with server": the same pull against the real app on a temporary SQLite file, reached through `inject`.
 * The device is Dexie over fake-indexeddb (slower than a browser's IndexedDB). Median of 3 runs each.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { openDatabase, type AppDatabase } from '../src/db/database';
import { setMeta } from '../src/db/meta';
import type { Mutation } from '../src/domain/sync/protocol';
import { pullChanges, type FetchLike } from '../src/sync/engine';
import { loadRemoteStore } from '../src/sync/remote-store';
import type { TestServer } from '../tests/unit/sync-helpers';

// The seeding floods the server on purpose: above the per-session write budget (read when the server loads).
process.env.WRITE_BUDGET_MUTATIONS ??= '10000000';
process.env.WRITE_BUDGET_BYTES ??= String(10 * 1024 ** 3);
const { SEED_ADMIN_ID, startTestServer } = await import('../tests/unit/sync-helpers');

const CHANGES = 10_000;

async function seed(server: TestServer, count: number): Promise<void> {
  for (let start = 0; start < count; start += 5_000) {
    const mutations: Mutation[] = [];
    for (let i = start; i < Math.min(count, start + 5_000); i += 1) {
      mutations.push({
        mutationId: `remote-${i}`,
        collection: 'levels',
        recordId: `remote-${i}`,
        op: 'put',
        changedFields: ['name', 'abbr'],
        values: { name: `Niveau ${i} — formation continue`, abbr: `N${i}` },
        baseRevision: 0,
        createdAt: '2026-11-16T08:00:00.000Z',
      });
    }
    const response = await server.fetch('/api/mutations?orgId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'seeder', mutations }),
    });
    const body = (await response.json()) as { results?: { status: string }[] };
    if (!body.results?.every((r) => r.status === 'applied'))
      throw new Error(`seed refused: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

interface Answer {
  text: string;
  etag: string | null;
}

/** Records every answer of the real server, to replay them from memory. */
function recording(fetchImpl: FetchLike, into: Map<string, Answer>): FetchLike {
  return async (url, init) => {
    const response = await fetchImpl(url, init);
    const text = await response.text();
    into.set(url, { text, etag: response.headers.get('etag') });
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

function replaying(answers: ReadonlyMap<string, Answer>): FetchLike {
  return (url) => {
    const answer = answers.get(url);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (answer?.etag) headers.etag = answer.etag;
    return Promise.resolve(
      answer === undefined
        ? new Response('{}', { status: 404 })
        : new Response(answer.text, { status: 200, headers }),
    );
  };
}

/** A device whose last whole load of the store was before the changes (it knows its revision). */
async function knownDevice(name: string, fetchImpl: FetchLike): Promise<AppDatabase> {
  const db = openDatabase(name);
  await setMeta(db, 'currentUserId', SEED_ADMIN_ID);
  if ((await loadRemoteStore(db, fetchImpl, { whole: true })) !== 'replaced') throw new Error('load');
  return db;
}

type Way = 'pull' | 'session';

/** 'pull': the engine's pull (pages of 500); 'session': a new session's catch-up (loadRemoteStore). */
async function timed(
  db: AppDatabase,
  way: Way,
  fetchImpl: FetchLike,
): Promise<{ ms: number; count: number }> {
  const started = performance.now();
  if (way === 'pull') await pullChanges(db, fetchImpl);
  else if ((await loadRemoteStore(db, fetchImpl)) !== 'replaced') throw new Error('catch-up');
  const ms = performance.now() - started;
  const count = await db.levels.count();
  await db.delete();
  return { ms, count };
}

/**
 * The reference, measured beside each run (the machine's load changes between runs): the same number of
 * records written by one bulkPut in one transaction, the floor for any way of storing them on this IndexedDB.
 */
async function referenceMs(): Promise<number> {
  const db = openDatabase('bench-reference');
  const rows = Array.from({ length: CHANGES }, (_, i) => ({
    id: `ref-${i}`,
    name: `Niveau ${i}`,
    abbr: `N${i}`,
  }));
  const started = performance.now();
  await db.transaction('rw', db.levels, () => db.levels.bulkPut(rows));
  const ms = performance.now() - started;
  await db.delete();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startTestServer();
const ways: Way[] = ['pull', 'session'];
const devices = new Map<string, AppDatabase>();
for (const way of ways)
  for (const kind of ['record', 'replay-0', 'replay-1', 'replay-2', 'live-0', 'live-1', 'live-2'])
    devices.set(`${way}-${kind}`, await knownDevice(`bench-${way}-${kind}`, server.fetch));
const device = (key: string) => devices.get(key) ?? openDatabase(key);
await seed(server, CHANGES);

for (const way of ways) {
  const answers = new Map<string, Answer>();
  await timed(device(`${way}-record`), way, recording(server.fetch, answers));
  const clientOnly: number[] = [];
  const withServer: number[] = [];
  const references: number[] = [];
  let count = 0;
  for (let run = 0; run < 3; run += 1) {
    references.push(await referenceMs());
    clientOnly.push((await timed(device(`${way}-replay-${run}`), way, replaying(answers))).ms);
    const live = await timed(device(`${way}-live-${run}`), way, server.fetch);
    withServer.push(live.ms);
    count = live.count;
  }
  console.log(
    `${way === 'pull' ? "engine's pull" : 'new session of a known device'}: catch-up of ${CHANGES} remote ` +
      `changes (${answers.size} requests, ${count} records stored): client only ` +
      `${Math.round(median(clientOnly))} ms, with server ${Math.round(median(withServer))} ms ` +
      `(goal ≤ 1000 ms: ${median(withServer) <= 1000 ? 'PASS' : 'MISS'}; median of 3); reference, one bulkPut of as many records beside each run: ` +
      `${Math.round(median(references))} ms`,
  );
}
await server.close();
