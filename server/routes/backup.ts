import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayReplaceStore } from '../../src/domain/access/rules';
import { effectiveModules } from '../../src/domain/access/viewer';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Authenticated } from '../auth/sessions';
import type { SyncStorage } from '../storage/sync-storage';
import { readStore } from '../sync-service';
import { ORG_ID_PATTERN } from './auth';

/**
 * GET /api/backup?orgId= (settings.donnees): the whole organisation as the server holds it, every user's
 * password and PIN hashes included, so that restoring it (PUT /api/store by settings.donnees) keeps
 * everyone's password. A device export holds only what that device received (its own hashes at most).
 * Reset tokens are left out: a link in flight is not worth restoring, and a backup file should not carry one.
 */
export interface BackupDeps {
  storage: SyncStorage;
  authenticate: (request: FastifyRequest) => Promise<Authenticated | null>;
}

const LEFT_OUT_USER_FIELDS = ['passwordResetToken', 'passwordResetTokenHash', 'passwordResetExpiresAt'];

export function backupOf(store: StoreV1): StoreV1 {
  const users = store.users.map((user) => {
    const copy: Record<string, unknown> = { ...user };
    for (const field of LEFT_OUT_USER_FIELDS) delete copy[field];
    return copy as StoreV1['users'][number];
  });
  return { ...store, users };
}

export function registerBackupRoute(app: FastifyInstance, deps: BackupDeps): void {
  app.get('/api/backup', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const rawOrg = (request.query as { orgId?: unknown }).orgId;
    const orgId = typeof rawOrg === 'string' ? rawOrg : '';
    if (!ORG_ID_PATTERN.test(orgId)) return reply.code(400).send({ error: 'invalid-org' });
    const auth = await deps.authenticate(request);
    if (!auth) return reply.code(401).send({ error: 'unauthenticated' });
    if (auth.session.orgId !== orgId) return reply.code(403).send({ error: 'other-organisation' });
    if (auth.viewer.kind !== 'user' || !mayReplaceStore(effectiveModules(auth.viewer)))
      return reply.code(403).send({ error: 'forbidden' });
    const { revision, store } = await readStore(deps.storage, orgId);
    request.log.info({ orgId, userId: auth.viewer.userId, revision }, 'Sauvegarde exportée.');
    return reply
      .header('content-disposition', `attachment; filename="sauvegarde-${orgId}.json"`)
      .header('etag', `"${revision}"`)
      .send(backupOf(store));
  });
}
