import type { FastifyInstance } from 'fastify';
import type { SyncStorage } from '../storage/sync-storage';

/** GET /api/health: load balancers take a server whose database does not answer out of rotation. */
export function registerHealthRoute(app: FastifyInstance, deps: { storage: SyncStorage }): void {
  app.get('/api/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await deps.storage.ping();
      return { ok: true, storage: deps.storage.engine };
    } catch {
      return reply.code(503).send({ ok: false, storage: deps.storage.engine, error: 'database-unavailable' });
    }
  });
}
