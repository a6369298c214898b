import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import { putMutation as mutation } from '../support/builders';
import {
  api,
  freePort,
  seedOrg,
  serverBackends,
  startServerProcess,
  stopProcess,
  withPostgres,
} from './helpers';
import { relayTo } from './pg-relay';

/**
 * Issue 31, chaos: the database drops the app's connections while 16 devices push (PostgreSQL, as a restart
 * or a crash would). Only this test's backends are terminated (its own application_name): the cluster is
 * shared. Then a real outage: the database out of reach for a second (a relay between the server and
 * PostgreSQL, cut). The server process must stay up, answer 503 (Retry-After, French) while it cannot reach
 * the database, reconnect by itself, and store every batch once, whatever answer its device got first: a
 * device sends a refused batch again, as the app's outbox does.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const DEVICES = 16;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgres)('postgres: connections lost while 16 devices push', () => {
  it('stays up, answers 503 while the database is away, and stores every acknowledged batch exactly once', async () => {
    if (!postgres) return;
    const db = await postgres.fresh();
    const direct = new URL(db.databaseUrl ?? '');
    const relay = await relayTo(direct);
    const appName = `emargement-chaos-${randomBytes(4).toString('hex')}`;
    const viaRelay = new URL(direct);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    viaRelay.searchParams.set('application_name', appName);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child: ChildProcess | null = null;
    const admin = new pg.Client({ connectionString: direct.toString() });
    await admin.connect();
    try {
      child = await startServerProcess({ ...db, databaseUrl: viaRelay.toString() }, port);
      let exit: string | null = null;
      child.on('exit', (code, signal) => (exit = `exit ${String(code)} ${String(signal)}`));
      const { cookie, revision: r0 } = await seedOrg(base, 'chaos');

      let stop = false;
      let acknowledged = 0;
      let refused = 0;
      const batches: Mutation[][] = [];
      const refusals: { retryAfter: string | null; body: string }[] = [];
      const device = async (d: number) => {
        for (let i = 0; !stop; i += 1) {
          const batch = [0, 1].map((k) => {
            const id = `d${d}-b${i}-${k}`;
            return mutation({
              collection: 'institutes',
              recordId: id,
              values: { id, name: `Institut ${id}`, abbr: id },
            });
          });
          // Sent again until acknowledged: the device keeps it in its outbox.
          const givenUp = Date.now() + 30_000;
          for (;;) {
            if (Date.now() > givenUp) throw new Error(`device ${d}: batch ${i} refused for 30 s`);
            // A request the server never answers is a failure of its own (said, not a test timeout).
            const response = await api(`${base}/api/mutations?orgId=chaos`, cookie, {
              method: 'POST',
              body: { clientId: `device-${d}`, mutations: batch },
              signal: AbortSignal.timeout(20_000),
            });
            if (response.status === 200) {
              const answer = (await response.json()) as PushResponse;
              // Applied now, or by an attempt whose answer was lost with its connection.
              for (const r of answer.results) expect(['applied', 'duplicate']).toContain(r.status);
              batches.push(batch);
              acknowledged += 1;
              break;
            }
            expect(response.status).toBe(503);
            refused += 1;
            if (refusals.length < 50)
              refusals.push({ retryAfter: response.headers.get('retry-after'), body: await response.text() });
            else await response.body?.cancel();
            await sleep(20 + Math.random() * 30);
          }
        }
      };
      let failure: unknown = null;
      const until = async (phase: string, condition: () => boolean) => {
        const deadline = Date.now() + 30_000;
        while (!condition()) {
          if (failure) throw failure as Error;
          if (Date.now() > deadline)
            throw new Error(`${phase}: no progress (${acknowledged} acknowledged, ${refused} refused)`);
          await sleep(20);
        }
      };

      // A device that fails (the server died: its requests fail) ends the test with its error.
      const devices = Promise.all(Array.from({ length: DEVICES }, (_, d) => device(d))).catch(
        (error: unknown) => {
          failure = error;
          stop = true;
        },
      );
      try {
        await until('before', () => acknowledged >= DEVICES * 2);
        // 1. Backends killed under load, again and again (mid-transaction, mid-COMMIT, idle in the pool).
        let terminated = 0;
        for (let round = 0; round < 12; round += 1) {
          const { rows } = await admin.query<{ done: boolean }>(
            `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
             WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
            [appName],
          );
          terminated += rows.filter((r) => r.done).length;
          await sleep(100);
        }
        expect(terminated).toBeGreaterThan(0);
        const afterKills = acknowledged;
        await until('after the kills', () => acknowledged >= afterKills + DEVICES);

        // 2. The database out of reach for a second: 503, then back without a restart of the app.
        const beforeOutage = refused;
        relay.cut();
        await sleep(1_000);
        expect(refused).toBeGreaterThan(beforeOutage);
        const duringOutage = acknowledged;
        relay.restore();
        await until('after the outage', () => acknowledged >= duringOutage + DEVICES * 2);
      } finally {
        stop = true;
        await devices;
      }
      if (failure) throw failure as Error;

      expect(exit).toBeNull();
      expect(refused).toBeGreaterThan(0);
      for (const r of refusals) {
        expect(r.retryAfter).toBe('5');
        const body = JSON.parse(r.body) as { error: string; message: string };
        expect(body.error).toBe('storage-unavailable');
        expect(body.message).toMatch(/^Le serveur/);
        expect(r.body).not.toMatch(/127\.0\.0\.1|ECONN|terminat|Connection/i);
      }
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      // Every acknowledged batch once: its records, its mutations, and one revision per batch.
      const ids = batches.flat().map((m) => m.recordId);
      const mutationIds = batches.flat().map((m) => m.mutationId);
      const stored = await withPostgres(db, async (client) => ({
        records: (
          await client.query<{ record_id: string }>(
            "SELECT record_id FROM records WHERE org_id = 'chaos' AND collection = 'institutes' ORDER BY record_id",
          )
        ).rows.map((r) => r.record_id),
        mutations: (
          await client.query<{ n: string }>(
            "SELECT count(*) AS n FROM mutations WHERE org_id = 'chaos' AND mutation_id = ANY($1::text[])",
            [mutationIds],
          )
        ).rows[0]?.n,
        revision: (
          await client.query<{ revision: string }>("SELECT revision FROM orgs WHERE org_id = 'chaos'")
        ).rows[0]?.revision,
      }));
      expect(stored.records).toEqual([...ids].sort());
      expect(Number(stored.mutations)).toBe(mutationIds.length);
      expect(Number(stored.revision)).toBe(r0 + batches.length);
    } finally {
      if (child) await stopProcess(child);
      await admin.end();
      await relay.close();
      await db.cleanup();
    }
  }, 120_000);
});
