import type { FastifyInstance } from 'fastify';
import {
  changesQuerySchema,
  decodeCursor,
  DEFAULT_CHANGES_PAGE,
  isProtocolUnderstood,
  protocolVersionOf,
  pushRequestSchema,
  type ChangeCursor,
  type PushResponse,
} from '../../src/domain/sync/protocol';
import { mayReadConflicts } from '../../src/domain/access/rules';
import { frSync } from '../../src/i18n/fr-sync';
import { currentRevision, projectResults } from '../auth/access';
import type { SessionService } from '../auth/sessions';
import { replyWriteLimit } from '../auth/write-budget';
import { ContractStorageExceeded, replyContractStorage } from '../contract-storage';
import { changesBody } from '../json-stream';
import type { ServerConfig } from '../config';
import type { SyncStorage } from '../storage/sync-storage';
import { pushBatch, visibleChanges } from '../sync-service';
import { replyNulCharacter } from '../http-hooks';
import { pusherOf, writerIdOf } from '../device-owners';
import { etagOf } from './store';
import { sessionOf } from './org-session';
import { contactEntries, recordContact } from '../auth/device-contacts';

/**
 * The sync API (ARCHITECTURE.md "Sync"): the change feed, the push of a batch of mutations (which, sent with
 * `since`, also answers the changes and the session: one round trip per exchange), and the conflict log.
 */

export interface SyncRouteDeps {
  storage: SyncStorage;
  sessions: SessionService;
  config: Pick<
    ServerConfig,
    'initialPassword' | 'bodyLimitBytes' | 'writeBudget' | 'sendServerTime' | 'contractStorage'
  >;
}

function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] {
  return error.issues.slice(0, 20).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

/** Where a feed starts for a device caught up to `since`: after every record of that revision. */
function afterRevision(since: number): ChangeCursor {
  return { rev: since, collection: '\uffff', id: '' };
}

export function registerSyncRoutes(app: FastifyInstance, { storage, sessions, config }: SyncRouteDeps): void {
  // Delta read: records changed since a revision, tombstones included, in pages.
  app.get('/api/changes', { config: { session: 'required' } }, async (request, reply) => {
    const auth = sessionOf(request);
    const query = changesQuerySchema.safeParse(request.query);
    if (!query.success)
      return reply.code(400).send({ error: 'invalid-query', issues: issuesOf(query.error) });
    const { since, limit, cursor } = query.data;
    const after = cursor === undefined ? afterRevision(since) : decodeCursor(cursor);
    if (!after) return reply.code(400).send({ error: 'invalid-cursor' });
    const page = await visibleChanges(storage, request.orgId, auth, after, limit);
    // Written a change at a time (a page of contract files is megabytes): never one string.
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(changesBody({ ...page, serverTime: new Date().toISOString() }));
  });

  // Push: a batch of mutations applied in one transaction, idempotently; with `since`, the whole exchange.
  // A large body (attachments travel in batches), read only once the session is known (org-session.ts).
  const pushOptions = { config: { session: 'required' as const }, bodyLimit: config.bodyLimitBytes };
  app.post('/api/mutations', pushOptions, async (request, reply) => {
    const auth = sessionOf(request);
    const orgId = request.orgId;
    void reply.header('cache-control', 'no-store');
    // An app whose wire format this server does not speak is told to update, never misread.
    if (!isProtocolUnderstood(protocolVersionOf(request.body)))
      return reply.code(426).send({ error: 'update-required', message: frSync.updateRequired });
    const body = pushRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body', issues: issuesOf(body.error) });
    const { clientId, mutations, since, limit, expectedUserId } = body.data;
    // Ids hold no NUL (PostgreSQL stores none: a raw 500 there, and the whole group commit failed with it).
    if (
      [clientId, ...mutations.flatMap((m) => [m.mutationId, m.recordId, m.createdAt])].some((id) =>
        id.includes('\u0000'),
      )
    )
      return replyNulCharacter(reply);
    // A change travels only under its author's session: another person's session (a sign-in in another
    // tab, a shared tablet) takes nothing, and the device learns who the session is now.
    if (expectedUserId !== undefined && expectedUserId !== (auth.user?.id ?? null))
      return reply
        .code(409)
        .send({ error: 'session-changed', session: await sessions.stateOf(request, auth, new Date()) });
    // The server's clock decides: check-in windows, receipt stamps, future dates (trusted time).
    const now = new Date();
    // "Same device" (merge rule 2, the contact rule) only for the person the device id belongs to.
    const writerId = await writerIdOf(storage, orgId, clientId, pusherOf(auth));
    let pushed: PushResponse | null = null;
    // The exchange's contacts: committed with the batch where the storage can (PostgreSQL, issue 31: no
    // statement of their own), else written below.
    const contacts = contactEntries(orgId, auth.session.tokenHash, writerId, now, mutations.length);
    const withBatch = storage.settingsWithBatch === true && mutations.length > 0;
    if (mutations.length > 0) {
      let outcome: Awaited<ReturnType<typeof pushBatch>>;
      try {
        const bodyBytes = Number(request.headers['content-length']) || JSON.stringify(request.body).length;
        outcome = await pushBatch(storage, config, {
          orgId,
          auth,
          writerId,
          mutations,
          bodyBytes,
          now,
          ...(withBatch ? { settings: contacts } : {}),
        });
      } catch (error) {
        // A contract file over its teacher's limits or the organisation's quota: nothing of the batch applied.
        if (error instanceof ContractStorageExceeded) return replyContractStorage(reply, error, mutations);
        throw error;
      }
      if (!outcome.ok) return replyWriteLimit(reply, outcome);
      const results = await projectResults(
        storage,
        orgId,
        auth.viewer,
        auth.profiles,
        outcome.answer.results,
      );
      pushed = { ...outcome.answer, results };
    }
    // Every exchange is a contact (an empty one too: the device was online then), read by the next push.
    if (!withBatch)
      await recordContact(storage, orgId, auth.session.tokenHash, writerId, now, mutations.length);
    // Read after the batch committed: the device's own changes come back with the others' (harmless).
    const changes =
      since === undefined
        ? undefined
        : await visibleChanges(storage, orgId, auth, afterRevision(since), limit ?? DEFAULT_CHANGES_PAGE);
    const revision = pushed?.revision ?? changes?.revision ?? (await currentRevision(storage, orgId));
    const response: PushResponse = {
      revision,
      results: pushed?.results ?? [],
      serverTime: new Date().toISOString(),
      ...(changes ? { changes, session: await sessions.stateOf(request, auth, now) } : {}),
    };
    return reply.header('etag', etagOf(revision)).send(response);
  });

  // Values that lost a concurrent edit, kept so that no edit disappears without trace.
  app.get('/api/conflicts', { config: { session: 'required' } }, async (request, reply) => {
    const auth = sessionOf(request);
    if (!mayReadConflicts(auth.viewer)) return reply.code(403).send({ error: 'forbidden' });
    const raw = request.query as { after?: unknown; limit?: unknown };
    const after = Number(raw.after ?? 0);
    const limit = Math.min(Number(raw.limit ?? 100), 1_000);
    if (!Number.isInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1)
      return reply.code(400).send({ error: 'invalid-query' });
    return reply
      .header('cache-control', 'no-store')
      .send({ conflicts: await storage.readConflicts(request.orgId, after, limit) });
  });
}
