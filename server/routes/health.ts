import type { FastifyInstance } from 'fastify';
import type { SyncStorage } from '../storage/sync-storage';
import type { WriteHealth } from '../storage/write-health';

/**
 * GET /api/health: load balancers take a server out of rotation when its database does not answer, or
 * when its writes fail (full disk, read-only file system: reads may still work; see write-health.ts).
 */
export function registerHealthRoute(
  app: FastifyInstance,
  deps: { storage: SyncStorage; writeHealth?: WriteHealth },
): void {
  app.get('/api/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await deps.storage.ping();
    } catch (error) {
      app.log.warn({ err: error }, 'health: database unavailable');
      return reply.code(503).send({ ok: false, storage: deps.storage.engine, error: 'database-unavailable' });
    }
    const failing = deps.writeHealth?.failing();
    if (failing)
      return reply
        .code(503)
        .send({ ok: false, storage: deps.storage.engine, error: 'writes-failing', reason: failing });
    return { ok: true, storage: deps.storage.engine };
  });
}
