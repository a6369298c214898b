import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverBackends, startServer } from './helpers';

const backends = await serverBackends();

describe.each(backends)('$name: GET /api/health', (backend) => {
  it('answers 200 with the storage engine when the database answers', async () => {
    const db = await backend.fresh();
    const server = await startServer(db);
    try {
      const response = await fetch(`${server.url}/api/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ ok: true, storage: backend.name });
    } finally {
      await server.app.close();
      await db.cleanup();
    }
  });
});

/** A TCP relay to PostgreSQL that the test can cut, as a network partition or a database restart would. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
