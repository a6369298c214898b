import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import { MAX_WORKERS, WorkersError, workersFromEnv } from '../../server/cluster';
import { putMutation as mutation } from '../support/builders';
import { api, seedOrg, serverBackends, stopProcess, tempDataFile, TEST_SETUP_CODE } from './helpers';

/**
 * Issue 31: WORKERS server processes on one port (server/cluster.ts), PostgreSQL only. The processes are
 * several servers of one database: every batch pushed to any of them is stored once at its own revision, a
 * batch sent again to another process is a duplicate, a process that dies is replaced, SIGTERM stops them
 * all. On SQLite the setting is refused at start with one French line.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');

describe('WORKERS setting', () => {
  it.each([
    [undefined, null, 1],
    ['', null, 1],
    ['1', null, 1],
    ['2', 'postgresql://x/y', 2],
    [String(MAX_WORKERS), 'postgresql://x/y', MAX_WORKERS],
  ])('WORKERS=%s (database %s) gives %i', (raw, url, expected) => {
    expect(workersFromEnv(raw === undefined ? {} : { WORKERS: raw }, url)).toBe(expected);
  });

  it.each([['0'], ['-1'], ['1.5'], ['deux'], [String(MAX_WORKERS + 1)]])('WORKERS=%s is refused', (raw) => {
    expect(() => workersFromEnv({ WORKERS: raw }, 'postgresql://x/y')).toThrow(WorkersError);
  });

  it('refuses more than one process on SQLite', () => {
    expect(() => workersFromEnv({ WORKERS: '2' }, null)).toThrow(/PostgreSQL/);
  });
});

function spawnServer(
  env: Record<string, string>,
  port: number,
): { child: ChildProcess; output: () => string } {
  const { DATABASE_URL: _ignored, WORKERS: _workers, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...rest,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      SETUP_CODE: TEST_SETUP_CODE,
      WRITE_BUDGET_MUTATIONS: '10000000',
      WRITE_BUDGET_BYTES: String(10 * 1024 ** 3),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text };
}

/** The pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await fetch(`${base}/api/health`).catch(() => null);
    if (r?.ok) return;
    if (child.exitCode !== null) throw new Error('server exited at start');
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('WORKERS on SQLite', () => {
  it('refuses to start, in one French line, exit 1', async () => {
    const data = tempDataFile();
    try {
      const { child, output } = spawnServer({ DATA_FILE: data.file, WORKERS: '2' }, 4331);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output()).toContain('WORKERS au-dessus de 1 demande PostgreSQL');
    } finally {
      data.cleanup();
    }
  });
});

describe.skipIf(!postgres)('WORKERS=2 on PostgreSQL', () => {
  it('a start that fails in every process ends the server: one French line, exit 1, no restart loop', async () => {
    if (!postgres) return;
    const db = await postgres.fresh();
    try {
      const missing = new URL(db.databaseUrl ?? '');
      missing.pathname = '/emargement_absente';
      const { child, output } = spawnServer({ DATABASE_URL: missing.toString(), WORKERS: '2' }, 4331);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output()).toContain('Démarrage impossible');
      expect(output()).not.toContain('relancé');
    } finally {
      await db.cleanup();
    }
  }, 60_000);

  it('stores each batch once across the processes, replaces a dead one, stops on SIGTERM', async () => {
    if (!postgres) return;
    const db = await postgres.fresh();
    const port = 4331;
    const base = `http://127.0.0.1:${port}`;
    const { child } = spawnServer({ DATABASE_URL: db.databaseUrl ?? '', WORKERS: '2' }, port);
    let workers: number[] = [];
    try {
      await waitHealthy(base, child);
      await expect.poll(() => childrenOf(child.pid ?? 0).length, { timeout: 30_000 }).toBe(2);
      workers = childrenOf(child.pid ?? 0);
      const { cookie, revision: r0 } = await seedOrg(base, 'workers');

      // 8 devices, 10 batches each, over new connections: the primary spreads them over both processes.
      const batches: Mutation[][] = [];
      const push = async (batch: Mutation[], clientId: string) => {
        const response = await api(`${base}/api/mutations?orgId=workers`, cookie, {
          method: 'POST',
          body: { clientId, mutations: batch },
          headers: { connection: 'close' },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as PushResponse;
      };
      await Promise.all(
        Array.from({ length: 8 }, async (_, d) => {
          for (let i = 0; i < 10; i += 1) {
            const batch = [0, 1].map((k) => {
              const id = `d${d}-b${i}-${k}`;
              return mutation({ collection: 'institutes', recordId: id, values: { id, name: id, abbr: id } });
            });
            const answer = await push(batch, `device-${d}`);
            for (const r of answer.results) expect(r.status).toBe('applied');
            batches.push(batch);
          }
        }),
      );
      // Sent again (a lost answer): a duplicate whichever process gets it.
      for (const batch of batches.slice(0, 4)) {
        const answer = await push(batch, 'device-0');
        for (const r of answer.results) expect(r.status).toBe('duplicate');
      }

      const client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
      await client.connect();
      try {
        const stored = await client.query<{ count: string; revisions: string }>(
          `SELECT count(*) AS count, count(DISTINCT rev) AS revisions FROM records
           WHERE org_id = 'workers' AND collection = 'institutes' AND record_id LIKE 'd%-b%'`,
        );
        expect(Number(stored.rows[0]?.count)).toBe(160);
        // One revision per batch, none shared by two batches of two processes.
        expect(Number(stored.rows[0]?.revisions)).toBe(80);
        const org = await client.query<{ revision: string }>(
          "SELECT revision FROM orgs WHERE org_id = 'workers'",
        );
        expect(Number(org.rows[0]?.revision)).toBe(r0 + 80);
      } finally {
        await client.end();
      }

      // A worker killed: the server keeps answering and the primary starts another.
      const [victim] = workers as [number];
      process.kill(victim, 'SIGKILL');
      await expect
        .poll(
          () => {
            const now = childrenOf(child.pid ?? 0);
            return now.length === 2 && !now.includes(victim);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      workers = childrenOf(child.pid ?? 0);
      const last = [0, 1].map((k) =>
        mutation({
          collection: 'institutes',
          recordId: `after-${k}`,
          values: { id: `after-${k}`, name: 'x', abbr: 'x' },
        }),
      );
      await expect
        .poll(async () => (await push(last, 'device-9')).results.map((r) => r.status).join(), {
          timeout: 30_000,
        })
        .toMatch(/^(applied|duplicate),(applied|duplicate)$/);
    } finally {
      await stopProcess(child);
      await db.cleanup();
    }
    // SIGTERM to the primary stopped every process.
    await expect.poll(() => workers.filter(alive).length, { timeout: 15_000 }).toBe(0);
  }, 180_000);
});
