import { describe, expect, it } from 'vitest';
import { serverBackends, startServer, useTestDb } from './helpers';
import { relayTo } from './pg-relay';

const backends = await serverBackends();

describe.each(backends)('$name: GET /api/health', (backend) => {
  const db = useTestDb(backend);

  it('answers 200 with the storage engine when the database answers', async () => {
    const response = await fetch(`${db.server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true, storage: backend.name });
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.skipIf(!postgres)('postgres: health for load balancers', () => {
  it('answers 503 while the database is unreachable, and 200 again when it is back', async () => {
    if (!postgres) return;
    const db = await postgres.fresh();
    const url = new URL(db.databaseUrl ?? '');
    const relay = await relayTo(new URL(url));
    url.host = `127.0.0.1:${relay.port}`;
    const server = await startServer({ ...db, databaseUrl: url.toString() });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      relay.cut();
      const down = await fetch(`${server.url}/api/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ ok: false, storage: 'postgres', error: 'database-unavailable' });
      relay.restore();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.app.close();
      await relay.close();
      await db.cleanup();
    }
  });
});
