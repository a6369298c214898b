import type { FastifyInstance } from 'fastify';
import { mayRestoreStore } from '../../src/domain/access/rules';
import { effectiveModules } from '../../src/domain/access/viewer';
import type { StoreV1 } from '../../src/domain/store/schema';
import { RESET_FIELDS } from '../../src/domain/users/secret-fields';
import type { SyncStorage } from '../storage/sync-storage';
import { openBackup } from '../json-stream';
import { sessionOf } from './org-session';

/**
 * GET /api/backup?orgId= (settings.donnees): the whole organisation as the server holds it, every user's
 * password and PIN hashes included, so that restoring it (PUT /api/store by settings.donnees) keeps
 * everyone's password. A device export holds only what that device received (its own hashes at most).
 * Reset tokens are left out: a link in flight is not worth restoring, and a backup file should not carry one.
 * Organisation and session come from the onRequest hook of org-session.ts.
 */
export interface BackupDeps {
  storage: SyncStorage;
}

/** Reset state stays out of a backup (the one list of secret fields: domain/users/secret-fields). */
const LEFT_OUT_USER_FIELDS = RESET_FIELDS;

export function backupOf(store: StoreV1): StoreV1 {
  const users = store.users.map((user) => {
    const copy: Record<string, unknown> = { ...user };
    for (const field of LEFT_OUT_USER_FIELDS) delete copy[field];
    return copy as StoreV1['users'][number];
  });
  return { ...store, users };
}

export function registerBackupRoute(app: FastifyInstance, deps: BackupDeps): void {
  app.get('/api/backup', { config: { session: 'required' } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const auth = sessionOf(request);
    const orgId = request.orgId;
    // Every hash of the organisation: only for a session that could grant every profile (rules.ts).
    if (auth.viewer.kind !== 'user' || !mayRestoreStore(effectiveModules(auth.viewer), auth.profiles))
      return reply.code(403).send({ error: 'forbidden' });
    // Streamed a page at a time (json-stream.ts): a backup of any size, never one string in memory.
    const { revision, body } = await openBackup(deps.storage, orgId);
    request.log.info({ orgId, userId: auth.viewer.userId, revision }, 'Sauvegarde exportée.');
    return reply
      .header('content-disposition', `attachment; filename="sauvegarde-${orgId}.json"`)
      .header('etag', `"${revision}"`)
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
