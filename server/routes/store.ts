import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mayRestoreStore } from '../../src/domain/access/rules';
import { effectiveModules } from '../../src/domain/access/viewer';
import { hashSecret, hasHashParameters } from '../../src/domain/secrets';
import { hasFullAdmin } from '../../src/domain/users/administrator';
import { duplicateEmails } from '../../src/domain/users/user-rights';
import { invitationExpiry } from '../../src/domain/auth/invitation';
import { missingOrgDefaults } from '../../src/domain/org-defaults';
import { hashClearSecrets } from '../../src/domain/store/clear-secrets';
import { parseStoreV1, type StoreV1 } from '../../src/domain/store/schema';
import { storeQuerySchema } from '../../src/domain/sync/protocol';
import { authorizerFor, currentRevision } from '../auth/access';
import { hitRateLimits, replyRateLimited } from '../auth/rate-limit';
import { isSetupCode, SETUP_CODE_HEADER } from '../auth/setup-code';
import type { ServerConfig } from '../config';
import type { SyncStorage } from '../storage/sync-storage';
import { openViewerStore } from '../json-stream';
import { applyWholeStore } from '../sync-service';
import { sessionOf } from './org-session';

/** The whole store (user-management-store/v1): GET filtered for the session, PUT as authorised changes. */

export function etagOf(revision: number): string {
  return `"${revision}"`;
}

/** Accepts `"12"`, `W/"12"` or `12`; `*` means any revision. */
export function parseIfMatch(header: string | undefined): number | null | 'invalid' {
  if (header === undefined || header.trim() === '*') return null;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  return match ? Number(match[1]) : 'invalid';
}

/**
 * Device-local state never lives on the server; clear secrets are hashed before they are stored. Called only
 * once the writer is known to be allowed (a session with settings.donnees, or the setup code on an empty
 * organisation): a stranger's body is never hashed. One hash at a time, so one request cannot fill the pool.
 */
async function prepareForStorage(
  store: StoreV1,
  iterations: readonly number[],
  creation: boolean,
): Promise<StoreV1> {
  const { currentUserId: _u, currentLoginMode: _m, ...shared } = store;
  const now = new Date();
  const nowIso = now.toISOString();
  const users: StoreV1['users'] = [];
  const isOwnHash = (value: string) => hasHashParameters(value, iterations);
  for (const u of store.users) {
    const { user, hashedPassword } = await hashClearSecrets(u, (s) => hashSecret(s), nowIso, isOwnHash);
    // A clear one-time password written in the file by its author is that account's invitation: 72 hours.
    if (hashedPassword && user.mustChangePassword === true && !user.invitationExpiresAt)
      user.invitationExpiresAt = invitationExpiry(now);
    users.push(user);
  }
  if (!creation) return { ...shared, users };
  // A new organisation holds its default profiles and modules from its creation (issue 29, item 7).
  const defaults = missingOrgDefaults({ profiles: store.profiles, modules: store.modules });
  return {
    ...shared,
    users,
    profiles: [...store.profiles, ...defaults.profiles],
    modules: [...store.modules, ...defaults.modules],
  };
}

/** Users whose password or PIN hash does not have this server's parameters (at most 20 named). */
function foreignHashes(store: StoreV1, iterations: readonly number[]): string[] {
  const issues: string[] = [];
  store.users.forEach((u, i) => {
    for (const field of ['passwordHash', 'pinHash'] as const) {
      const value = u[field];
      if (value !== undefined && value !== null && value !== '' && !hasHashParameters(value, iterations))
        issues.push(`users.${i}.${field}: paramètres de hachage refusés`);
    }
  });
  return issues.slice(0, 20);
}

export interface StoreRouteDeps {
  storage: SyncStorage;
  config: Pick<ServerConfig, 'allowNewOrgs' | 'rateLimits' | 'acceptedHashIterations' | 'bodyLimitBytes'>;
}

export function registerStoreRoutes(app: FastifyInstance, { storage, config }: StoreRouteDeps): void {
  app.get('/api/store', { config: { session: 'required' } }, async (request, reply) => {
    const auth = sessionOf(request);
    const query = storeQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'invalid-query' });
    // Only the records this viewer's answer needs are read (selected by the database, read-scope.ts), a page
    // at a time as the answer is sent: never one string, whatever the organisation's size (json-stream.ts).
    const { revision, body } = await openViewerStore(storage, request.orgId, auth.viewer, query.data.part);
    return reply
      .header('etag', etagOf(revision))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  /**
   * Who may write a whole store, decided from the headers before any byte of the (large) body is read: the
   * first device of a new organisation (no session, the setup code; refused once the organisation holds
   * anything) and an administrator importing a file (settings.donnees, able to grant every profile: a restore
   * rewrites every account, rules.ts). A stranger's body is never received, validated nor hashed.
   */
  async function mayWriteWholeStore(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const { orgId, auth } = request;
    if (parseIfMatch(request.headers['if-match']) === 'invalid')
      return reply.code(400).send({ error: 'invalid-if-match' });
    if (auth)
      return auth.viewer.kind !== 'user' || !mayRestoreStore(effectiveModules(auth.viewer), auth.profiles)
        ? reply.code(403).send({ error: 'forbidden' })
        : undefined;
    if (!config.allowNewOrgs) return reply.code(401).send({ error: 'unauthenticated' });
    const limited = await hitRateLimits(
      storage,
      [{ rule: 'signinAddress', key: request.ip }],
      new Date(),
      config.rateLimits,
    );
    if (!limited.ok) return replyRateLimited(reply, limited);
    const revision = await currentRevision(storage, orgId);
    if (revision > 0) return reply.code(401).send({ error: 'unauthenticated', revision });
    if (!(await isSetupCode(storage, request.headers[SETUP_CODE_HEADER])))
      return reply.code(403).send({ error: 'setup-code' });
    return undefined;
  }

  const putOptions = {
    config: { session: 'optional' as const },
    bodyLimit: config.bodyLimitBytes,
    onRequest: mayWriteWholeStore,
  };
  app.put('/api/store', putOptions, async (request, reply) => {
    const { orgId, auth } = request;
    const expected = parseIfMatch(request.headers['if-match']);
    if (expected === 'invalid') return reply.code(400).send({ error: 'invalid-if-match' });
    // The writer is allowed (mayWriteWholeStore, before the body): only now is the body validated in depth.
    const parsed = parseStoreV1(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.code, issues: parsed.issues });
    // E-mails are unique per organisation, case ignored: a second MOUSSA.FALL@ would lock the real one out.
    const duplicates = duplicateEmails(parsed.value.users);
    if (duplicates.length > 0)
      return reply.code(400).send({ error: 'duplicate-email', issues: duplicates.slice(0, 20) });
    // A restore never leaves the organisation without a full administrator (domain/users/administrator):
    // the emergency area would be the only way back.
    if (auth && !hasFullAdmin(parsed.value.users, parsed.value.profiles))
      return reply.code(403).send({ error: 'last-admin' });
    // A stored hash is accepted only with this server's own parameters (a huge iteration count would stall
    // every later verification of it).
    const foreign = foreignHashes(parsed.value, config.acceptedHashIterations);
    if (foreign.length > 0) return reply.code(400).send({ error: 'invalid-hash', issues: foreign });
    const doc = await prepareForStorage(parsed.value, config.acceptedHashIterations, !auth);
    const result = await applyWholeStore(
      storage,
      orgId,
      doc,
      expected,
      new Date(),
      // The authorised whole store is the Données restore: hashes accepted (with this server's parameters).
      auth
        ? { authorize: authorizerFor(auth.viewer, auth.profiles, { restore: true }) }
        : { onlyIfEmpty: true },
    );
    void reply.header('cache-control', 'no-store');
    if (!result.ok && result.reason === 'not-empty')
      return reply.code(401).send({ error: 'unauthenticated', revision: result.revision });
    // One record beyond the session's rights (or an attachment that is not an image or a PDF): nothing written.
    if (!result.ok && result.reason === 'refused')
      return reply.code(403).send({
        error: 'forbidden',
        issues: result.refused
          .slice(0, 20)
          .map(
            (r) =>
              `${r.record ? `${r.record.collection}/${r.record.id}` : r.mutationId}: ${r.detail ?? r.reason}`,
          ),
      });
    if (!result.ok)
      return reply
        .code(412)
        .header('etag', etagOf(result.revision))
        .send({ error: result.reason, revision: result.revision });
    return reply.header('etag', etagOf(result.revision)).send({ revision: result.revision });
  });
}
