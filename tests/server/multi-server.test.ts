import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_WINDOW_MS } from '../../src/domain/auth/session-policy';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import {
  freePort,
  api,
  ROOT_ADMIN,
  seedOrg,
  signIn,
  serverBackends,
  startServerProcess,
  stopProcess,
  withPostgres,
  type TestDatabase,
} from './helpers';
import { putMutation as mutation } from '../support/builders';

/**
 * Two app server processes on one PostgreSQL, as behind a load balancer. Several devices push
 * interleaved batches to either server; some batches are replayed to the other server (a retry after a
 * lost answer), some are sent to both at the same instant (the unique-violation race). All must converge,
 * nothing may be lost, nothing applied twice. PostgreSQL only: two processes never share a SQLite file.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const DEVICES = ['phone-a', 'phone-b', 'kiosk-1', 'desk'] as const;
const BATCHES_PER_DEVICE = 12;

const level = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };

/** One administrator session, opened on one server: sessions live in the shared database (stateless app servers). */
let cookie = '';
/** The revision the organisation's seed left. */
let r0 = 0;

async function push(base: string, clientId: string, mutations: Mutation[]): Promise<PushResponse> {
  const response = await api(`${base}/api/mutations?orgId=multi`, cookie, {
    method: 'POST',
    body: { clientId, mutations },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PushResponse;
}

async function readStore(base: string): Promise<{ etag: string | null; store: StoreV1 }> {
  const response = await api(`${base}/api/store?orgId=multi`, cookie);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag'), store: (await response.json()) as StoreV1 };
}

describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  let db: TestDatabase;
  let servers: { child: ChildProcess; url: string }[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    db = await postgres.fresh();
    const ports = [await freePort()];
    while (ports.length < 2) {
      const port = await freePort();
      if (port !== ports[0]) ports.push(port);
    }
    // Started together: the advisory lock lets one run the migrations while the other waits.
    servers = await Promise.all(
      ports.map(async (port) => ({
        child: await startServerProcess(db, port),
        url: `http://127.0.0.1:${port}`,
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    await db.cleanup();
  }, 30_000);

  it('converges with nothing lost and nothing applied twice', async () => {
    const [one, two] = servers.map((s) => s.url) as [string, string];
    ({ cookie, revision: r0 } = await seedOrg(one, 'multi'));
    const seed = await push(one, 'admin', [
      mutation({ collection: 'levels', recordId: 'l-1', values: level }),
    ]);
    expect(seed.revision).toBe(r0 + 1);

    const answers: { mutationIds: string[]; answer: PushResponse }[] = [];
    const sent = new Set<string>();
    const device = async (clientId: string, d: number) => {
      for (let i = 0; i < BATCHES_PER_DEVICE; i += 1) {
        // A record each batch creates (check-ins have their own rules: tests/server/attendance-trust.test.ts).
        const instituteId = `${clientId}-inst-${i}`;
        const batch = [
          mutation({
            collection: 'institutes',
            recordId: instituteId,
            values: { id: instituteId, name: `Institut ${clientId} ${i}`, abbr: `I${d}${i}` },
          }),
          // Every device edits its own field of the shared level... (name for two, abbr for the others)
          mutation({
            collection: 'levels',
            recordId: 'l-1',
            baseRevision: 1,
            values: d % 2 === 0 ? { name: `${clientId} ${i}` } : { abbr: `${clientId} ${i}` },
            createdAt: `2026-11-16T08:${String(i).padStart(2, '0')}:${String(d).padStart(2, '0')}.000Z`,
          }),
        ];
        for (const m of batch) sent.add(m.mutationId);
        const ids = batch.map((m) => m.mutationId);
        // The load balancer alternates servers; every third batch is sent to both at once (a retry racing
        // the first attempt), every fourth is replayed to the other server after its answer.
        const first = (i + d) % 2 === 0 ? one : two;
        const other = first === one ? two : one;
        if (i % 3 === 0) {
          const both = await Promise.all([push(first, clientId, batch), push(other, clientId, batch)]);
          for (const answer of both) answers.push({ mutationIds: ids, answer });
        } else {
          answers.push({ mutationIds: ids, answer: await push(first, clientId, batch) });
          if (i % 4 === 1) answers.push({ mutationIds: ids, answer: await push(other, clientId, batch) });
        }
      }
    };
    await Promise.all(DEVICES.map((clientId, d) => device(clientId, d)));

    // Every mutation was applied exactly once over all answers; every other answer calls it a duplicate.
    const applied = new Map<string, number>();
    for (const { answer } of answers) {
      for (const r of answer.results) {
        expect(['applied', 'merged', 'duplicate', 'unchanged']).toContain(r.status);
        if (r.status !== 'duplicate') applied.set(r.mutationId, (applied.get(r.mutationId) ?? 0) + 1);
      }
    }
    expect(applied.size).toBe(sent.size);
    expect([...applied.values()].every((n) => n === 1)).toBe(true);

    // Revisions: one per batch that changed something, unique, without gaps.
    const revisions = answers
      .filter(({ answer }) => answer.results.some((r) => r.status !== 'duplicate'))
      .map(({ answer }) => answer.revision)
      .sort((a, b) => a - b);
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(revisions).toEqual(revisions.map((_, i) => i + r0 + 2));

    // Both servers answer the same organisation, with every created record once and the latest value of each field.
    const [a, b] = await Promise.all([readStore(one), readStore(two)]);
    expect(a).toEqual(b);
    expect(a.etag).toBe(`"${String(revisions.at(-1))}"`);
    expect(a.store.institutes).toHaveLength(DEVICES.length * BATCHES_PER_DEVICE);
    const last = BATCHES_PER_DEVICE - 1;
    // Same field from two devices: the later device clock wins (minute i, then device index as seconds).
    expect(a.store.levels).toEqual([{ id: 'l-1', name: `kiosk-1 ${last}`, abbr: `desk ${last}` }]);

    // In the database: one version per applied change and one mutation row per mutation id. The change log
    // keeps superseded versions: a created institute has none (a second application would have superseded
    // it), the shared level one per revision that changed it, except its current version (in `records`).
    const levelRevisions = new Set(
      answers.flatMap(({ mutationIds, answer }) =>
        answer.results.some(
          (r) => r.mutationId === mutationIds[1] && ['applied', 'merged'].includes(r.status),
        )
          ? [answer.revision]
          : [],
      ),
    );
    await withPostgres(db, async (client) => {
      const superseded = await client.query<{ collection: string; n: string }>(
        `SELECT collection, count(*) AS n FROM change_log WHERE org_id = 'multi' GROUP BY collection`,
      );
      expect(superseded.rows.map((r) => [r.collection, Number(r.n)])).toEqual([
        ['levels', levelRevisions.size],
      ]);
      const rows = await client.query<{ n: string }>(
        // The seed's whole-store PUT is recorded as mutations too ('put-…' ids): not counted here.
        `SELECT count(*) AS n FROM mutations WHERE org_id = 'multi' AND mutation_id NOT LIKE 'put-%'`,
      );
      expect(Number(rows.rows[0]?.n)).toBe(sent.size + 1);
    });
  }, 120_000);

  it('shares sessions and rate limits: any server answers any request', async () => {
    const [one, two] = servers.map((s) => s.url) as [string, string];
    // Counters are per 5-minute window: near the end of one, start in the next so all attempts share it.
    const left = RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    await seedOrg(one, 'shared');
    // A session opened on one server is valid on the other, and a logout on the other ends it everywhere.
    const session = await signIn(one, 'shared', ROOT_ADMIN.email, ROOT_ADMIN.password);
    expect((await api(`${two}/api/store?orgId=shared`, session)).status).toBe(200);
    expect((await api(`${two}/api/auth/logout`, session, { method: 'POST', body: {} })).status).toBe(200);
    expect((await api(`${one}/api/store?orgId=shared`, session)).status).toBe(401);
    // Sign-in attempts alternate between the servers: the counter is one, so the 11th is refused wherever
    // it lands (10 per account per window). The seed's sign-in counted as one attempt already.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await api(`${i % 2 === 0 ? one : two}/api/auth/login`, null, {
        method: 'POST',
        body: { orgId: 'shared', email: ROOT_ADMIN.email, password: 'Faux@2026' },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);

  it('answers the health check from both servers', async () => {
    for (const { url } of servers) {
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, storage: 'postgres' });
    }
  });
});
