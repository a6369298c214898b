import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putMutation as mutation } from '../support/builders';
import { api, freePort, seedOrg, serverBackends, startServerProcess, stopProcess } from './helpers';

/**
 * Issue 31, fast restarts: `npm start` runs the server compiled once (scripts/build-server.mjs bundles
 * server/main.ts with its packages into one file). The bundle must behave as the source does: this builds
 * one (inside the project, beside node_modules), starts it on each engine, signs in, pushes, reads, and
 * stops it with SIGTERM (a clean exit 0).
 */
const backends = await serverBackends();
const dir = path.resolve('dist-server', `test-${process.pid}`);
const entry = path.join(dir, 'main.mjs');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', entry], { stdio: 'inherit' });
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(backends)('$name: the compiled server', (backend) => {
  it('serves the API as the source does and stops cleanly on SIGTERM', async () => {
    const db = await backend.fresh();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child: ChildProcess | null = null;
    try {
      child = await startServerProcess(db, port, entry);
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true, storage: backend.name });
      const { cookie, revision } = await seedOrg(base, 'compiled');
      const push = await api(`${base}/api/mutations?orgId=compiled`, cookie, {
        method: 'POST',
        body: {
          clientId: 'phone',
          mutations: [
            mutation({
              collection: 'levels',
              recordId: 'l-1',
              values: { id: 'l-1', name: 'Licence 1', abbr: 'L1' },
            }),
          ],
        },
      });
      expect(push.status).toBe(200);
      expect(((await push.json()) as { revision: number }).revision).toBe(revision + 1);
      const store = await api(`${base}/api/store?orgId=compiled`, cookie);
      expect(((await store.json()) as { levels: { name: string }[] }).levels.map((l) => l.name)).toEqual([
        'Licence 1',
      ]);
      const running = child;
      const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
      await stopProcess(running);
      expect(await exited).toBe(0);
    } finally {
      if (child) await stopProcess(child);
      await db.cleanup();
    }
  }, 60_000);
});
