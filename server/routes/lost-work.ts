import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildUserLog } from '../../src/domain/journal/user-log';
import { lostWorkJournalDetails } from '../../src/i18n/fr-resilience';
import { applyServerChanges } from '../auth/server-writes';
import type { SyncStorage } from '../storage/sync-storage';
import { sessionOf } from './org-session';

/**
 * POST /api/lost-work (issue 31, item 7): a device tells the server that changes waiting on it were lost
 * before they could be sent (the browser cleared the app's storage). The server writes a journal entry
 * (userLogs, action 'device-lost-work') that the administrators see in Journal des actions: who, how many
 * changes, since when, noticed when. The device's figures are its own account (nothing to verify them
 * against: the changes are gone); the actor and the time of the entry are the session's and the server's.
 */
const body = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  count: z.number().int().min(1).max(1_000_000),
  oldestAt: z.string().max(40),
  latestAt: z.string().max(40),
  noticedAt: z.string().max(40),
  userName: z.string().max(200).nullable(),
});

export function registerLostWorkRoute(app: FastifyInstance, deps: { storage: SyncStorage }): void {
  app.post('/api/lost-work', { config: { session: 'required' } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const parsed = body.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid-body' });
    const auth = sessionOf(request);
    const report = parsed.data;
    const actor =
      auth.viewer.kind === 'user'
        ? { id: auth.viewer.userId, name: auth.user?.name ?? null }
        : { id: null, name: report.userName };
    const now = new Date();
    const id = `log-lost-${report.id}`;
    // One entry per report: a report sent again (its answer was lost) finds its entry and writes nothing.
    if ((await deps.storage.readRecords(request.orgId, [{ collection: 'userLogs', id }])).length > 0)
      return { ok: true, id };
    const log = buildUserLog({
      id,
      action: 'device-lost-work',
      target: auth.viewer.kind === 'user' ? { id: auth.viewer.userId, name: auth.user?.name ?? '' } : null,
      actor,
      now,
      details: lostWorkJournalDetails(report),
    });
    const written = await applyServerChanges(
      deps.storage,
      request.orgId,
      [{ collection: 'userLogs', id: log.id, fields: { ...log } }],
      now,
    );
    if (written.results.some((r) => r.status === 'rejected'))
      return reply.code(500).send({ error: 'not-saved' });
    return { ok: true, id };
  });
}
