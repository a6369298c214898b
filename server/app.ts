import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { hashSecret, hasHashParameters } from '../src/domain/secrets';
import { hashClearSecrets } from '../src/domain/store/clear-secrets';
import { DEFAULT_ORG_ID, parseStoreV1, type StoreV1 } from '../src/domain/store/schema';
import { changesQuerySchema, decodeCursor, pushRequestSchema } from '../src/domain/sync/protocol';
import {
  authorizerFor,
  importedTeacherPassword,
  initialPasswordHashes,
  lookupFor,
  lookupOfRecords,
  preparerFor,
  projectAll,
  projectResults,
} from './auth/access';
import { SERVER_TIME_HEADER } from '../src/domain/sync/server-time';
import { SessionService, type Authenticated } from './auth/sessions';
import { installSetupCode, isSetupCode, SETUP_CODE_HEADER } from './auth/setup-code';
import { hitRateLimits, replyRateLimited } from './auth/rate-limit';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import type { ServerConfig } from './config';
import { ORG_ID_PATTERN, registerAuthRoutes } from './routes/auth';
import { registerEmergencyRoute } from './routes/emergency';
import { registerLiveRoute } from './routes/live';
import { createMailer } from './mail';
import { registerPasswordResetRoutes } from './routes/password-reset';
import { registerCredentialRoutes } from './routes/credentials';
import { registerBackupRoute } from './routes/backup';
import { checkWriteLimits, replyWriteLimit } from './auth/write-budget';
import { openStorage } from './storage/open-storage';
import type { SyncStorage } from './storage/sync-storage';
import { applyBatch, applyWholeStore, assembleStore, readChanges, toRemote } from './sync-service';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Security headers on every answer (issue 12). The CSP allows no inline script; styles may be inline
 * (React style attributes, maplibre); map tiles and fonts come from https origins; frames never embed us.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self' https:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    // PDF previews of compliance review: a frame on a blob: URL of the page (never a remote page).
    'frame-src blob:',
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'permissions-policy': 'geolocation=(self), camera=(), microphone=()',
  'cross-origin-opener-policy': 'same-origin',
};

function etagOf(revision: number): string {
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
async function prepareForStorage(store: StoreV1, iterations: readonly number[]): Promise<StoreV1> {
  const { currentUserId: _u, currentLoginMode: _m, ...shared } = store;
  const nowIso = new Date().toISOString();
  const users: StoreV1['users'] = [];
  const isOwnHash = (value: string) => hasHashParameters(value, iterations);
  for (const u of store.users)
    users.push((await hashClearSecrets(u, (s) => hashSecret(s), nowIso, isOwnHash)).user);
  return { ...shared, users };
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

/** Below this, compressing costs more than it saves. */
const COMPRESS_MIN_BYTES = 2_048;

/**
 * API answers are JSON (a whole store can weigh megabytes on a phone's mobile data): gzip or brotli when the
 * browser accepts it. Static files are served precompressed by @fastify/static instead.
 */
async function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  if (reply.getHeader('content-encoding')) return payload;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return payload;
  const body =
    encoding === 'br'
      ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : await gzip(payload, { level: 6 });
  void reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  void reply.removeHeader('content-length');
  return body;
}

export interface BuildOptions {
  config: ServerConfig;
  storage?: SyncStorage;
  logger?: boolean;
  /** Where the setup code generated at start goes (main.ts prints it in the terminal); default: the log. */
  onSetupCode?: (code: string) => void;
  /** Heartbeat and session re-check of live streams (GET /api/live); tests shorten it. */
  liveHeartbeatMs?: number;
}

function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] {
  return error.issues.slice(0, 20).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

export async function buildApp({
  config,
  storage,
  logger = false,
  liveHeartbeatMs,
  onSetupCode,
}: BuildOptions): Promise<FastifyInstance> {
  // TRUST_PROXY: a hop count or the proxies' addresses, never "every hop" (a client's own X-Forwarded-For).
  // Fastify 5 ignores a bare number (fails closed), so a hop count becomes the equivalent trust function.
  const hops = config.trustProxy;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const app = Fastify({ logger, bodyLimit: config.bodyLimitBytes, trustProxy });
  const store = storage ?? (await openStorage(config, (error) => app.log.error(error, 'database')));
  app.addHook('onClose', () => store.close());
  // Only the owner of the server creates organisations and emergency administrators: the setup code.
  const generatedSetupCode = await installSetupCode(store, config.setupCode);
  if (generatedSetupCode)
    (onSetupCode ?? ((code: string) => app.log.warn(`Code d’installation : ${code}`)))(generatedSetupCode);
  // JSON nested deeper than any store is refused with 400 before it is parsed (not a 500 from deep recursion).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const error = Object.assign(new Error('JSON nested too deeply'), { statusCode: 400 });
      done(error, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
    // The server's clock on every answer: devices estimate it for the trusted time of check-ins.
    if (config.sendServerTime !== false) void reply.header(SERVER_TIME_HEADER, new Date().toISOString());
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=15552000');
    return compressJson(request, reply, payload);
  });
  const sessions = new SessionService(store);
  // Expired sessions and past rate-limit windows are dropped hourly (any server may do it: idempotent).
  const purge = () => {
    const now = Date.now();
    void Promise.all([
      store.sessions.purge(new Date(now - 24 * 3_600_000).toISOString()),
      store.rateLimits.purge(now - 3_600_000),
    ]).catch((error: unknown) => app.log.warn(error, 'purge of sessions and rate limits failed'));
  };
  const purgeTimer = setInterval(purge, 3_600_000);
  purgeTimer.unref();
  app.addHook('onClose', () => clearInterval(purgeTimer));
  const authenticate = (request: FastifyRequest) => sessions.authenticate(request, new Date());
  /** The session for a store call on `orgId`: 401 without one, 403 for another organisation's data. */
  const sessionFor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    orgId: string,
  ): Promise<Authenticated | null> => {
    const auth = await authenticate(request);
    if (!auth) {
      await reply.code(401).header('cache-control', 'no-store').send({ error: 'unauthenticated' });
      return null;
    }
    if (auth.session.orgId !== orgId) {
      await reply.code(403).header('cache-control', 'no-store').send({ error: 'other-organisation' });
      return null;
    }
    return auth;
  };
  registerAuthRoutes(app, {
    storage: store,
    limits: config.rateLimits,
    sessions,
    authenticate,
    hashIterations: config.acceptedHashIterations,
  });
  registerEmergencyRoute(app, {
    storage: store,
    initialPassword: config.initialPassword,
    limits: config.rateLimits,
    allowNewOrgs: config.allowNewOrgs,
  });

  const orgIdOf = (query: unknown): string | null => {
    const raw = (query as { orgId?: unknown }).orgId;
    const orgId = typeof raw === 'string' && raw !== '' ? raw : DEFAULT_ORG_ID;
    return ORG_ID_PATTERN.test(orgId) ? orgId : null;
  };

  // Load balancers take a server whose database does not answer out of rotation (issue 14).
  app.get('/api/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await store.ping();
      return { ok: true, storage: store.engine };
    } catch {
      return reply.code(503).send({ ok: false, storage: store.engine, error: 'database-unavailable' });
    }
  });
  registerPasswordResetRoutes(app, { storage: store, config, mailer: createMailer(config) });
  registerCredentialRoutes(app, { storage: store, config, authenticate });
  registerBackupRoute(app, { storage: store, authenticate });
  registerLiveRoute(app, {
    storage: store,
    authenticate,
    ...(liveHeartbeatMs === undefined ? {} : { heartbeatMs: liveHeartbeatMs }),
  });

  app.get('/api/store', async (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const auth = await sessionFor(request, reply, orgId);
    if (!auth) return reply;
    const { revision, records } = await store.readAll(orgId);
    const visible = projectAll(auth.viewer, records, lookupOfRecords(records));
    void reply.header('etag', etagOf(revision)).header('cache-control', 'no-store');
    return assembleStore(visible);
  });

  app.put('/api/store', async (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const expected = parseIfMatch(request.headers['if-match']);
    if (expected === 'invalid') return reply.code(400).send({ error: 'invalid-if-match' });
    // Two writers of a whole store: the first device of a new organisation (no session, the setup code;
    // refused once the organisation holds anything) and an administrator importing a file (settings.donnees).
    // Every check comes before any costly work: a stranger's body is never validated in depth nor hashed.
    const auth = await authenticate(request);
    if (auth && auth.session.orgId !== orgId) return reply.code(403).send({ error: 'other-organisation' });
    if (auth && (auth.viewer.kind !== 'user' || !auth.viewer.granted.has('settings.donnees')))
      return reply.code(403).send({ error: 'forbidden' });
    if (!auth) {
      if (!config.allowNewOrgs) return reply.code(401).send({ error: 'unauthenticated' });
      const limited = await hitRateLimits(
        store,
        [{ rule: 'signinAddress', key: request.ip }],
        new Date(),
        config.rateLimits,
      );
      if (!limited.ok) return replyRateLimited(reply, limited);
      const { revision } = await store.readChanges(
        orgId,
        { rev: Number.MAX_SAFE_INTEGER, collection: '', id: '' },
        1,
      );
      if (revision > 0) return reply.code(401).send({ error: 'unauthenticated', revision });
      if (!(await isSetupCode(store, request.headers[SETUP_CODE_HEADER])))
        return reply.code(403).send({ error: 'setup-code' });
    }
    const parsed = parseStoreV1(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.code, issues: parsed.issues });
    // A stored hash is accepted only with this server's own parameters (a huge iteration count would stall
    // every later verification of it).
    const foreign = foreignHashes(parsed.value, config.acceptedHashIterations);
    if (foreign.length > 0) return reply.code(400).send({ error: 'invalid-hash', issues: foreign });
    const doc = await prepareForStorage(parsed.value, config.acceptedHashIterations);
    const result = await applyWholeStore(
      store,
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
    if (!result.ok)
      return reply
        .code(412)
        .header('etag', etagOf(result.revision))
        .send({ error: result.reason, revision: result.revision });
    return reply.header('etag', etagOf(result.revision)).send({ revision: result.revision });
  });

  // Delta read: records changed since a revision, tombstones included, in pages (issue 11).
  app.get('/api/changes', async (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const auth = await sessionFor(request, reply, orgId);
    if (!auth) return reply;
    const query = changesQuerySchema.safeParse(request.query);
    if (!query.success)
      return reply.code(400).send({ error: 'invalid-query', issues: issuesOf(query.error) });
    const { since, limit, cursor } = query.data;
    const after = cursor === undefined ? { rev: since, collection: '\uffff', id: '' } : decodeCursor(cursor);
    if (!after) return reply.code(400).send({ error: 'invalid-cursor' });
    const page = await readChanges(store, orgId, after, limit);
    // Filtered after paging: the cursor still advances over records this session may not see.
    const lookup = await lookupFor(
      store,
      orgId,
      auth.profiles,
      page.changes.map((c) => ({ collection: c.collection, data: c.data })),
    );
    const visible = projectAll(
      auth.viewer,
      page.changes.map((c) => ({ ...c, data: c.data ?? {}, stamps: {} })),
      lookup,
    ).map(toRemote);
    return reply
      .header('cache-control', 'no-store')
      .send({ ...page, changes: visible, serverTime: new Date().toISOString() });
  });

  // Push: a batch of mutations applied in one transaction, idempotently (issue 11).
  app.post('/api/mutations', async (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const auth = await sessionFor(request, reply, orgId);
    if (!auth) return reply;
    const body = pushRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body', issues: issuesOf(body.error) });
    // The server's clock decides: check-in windows, receipt stamps, future dates (trusted time).
    const now = new Date();
    // Size caps per record (413) and the session's write budget (429), before anything is stored.
    const bytes = Number(request.headers['content-length']) || JSON.stringify(request.body).length;
    const limit = await checkWriteLimits(store, auth.session.tokenHash, bytes, body.data.mutations, now);
    if (!limit.ok) return replyWriteLimit(reply, limit);
    const initialHashes = body.data.mutations.some((m) => m.collection === 'users')
      ? await initialPasswordHashes(config.initialPassword, importedTeacherPassword())
      : undefined;
    const answer = await applyBatch(
      store,
      orgId,
      body.data.clientId,
      body.data.mutations,
      now,
      authorizerFor(auth.viewer, auth.profiles, {
        clientId: body.data.clientId,
        now,
        ...(initialHashes
          ? { initialPasswordHashes: new Set([initialHashes.initial, initialHashes.imported]) }
          : {}),
      }),
      preparerFor(auth.viewer, auth.user, { now, ...(initialHashes ? { initialHashes } : {}) }),
    );
    const results = await projectResults(store, orgId, auth.viewer, auth.profiles, answer.results);
    return reply
      .header('cache-control', 'no-store')
      .header('etag', etagOf(answer.revision))
      .send({ ...answer, results, serverTime: new Date().toISOString() });
  });

  // Values that lost a concurrent edit, kept so that no edit disappears without trace (issue 11).
  app.get('/api/conflicts', async (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const auth = await sessionFor(request, reply, orgId);
    if (!auth) return reply;
    // Lost values of any record, secrets included: for the people who hold the whole store only.
    if (
      auth.viewer.kind !== 'user' ||
      !auth.viewer.granted.has('users') ||
      !auth.viewer.granted.has('settings.donnees')
    )
      return reply.code(403).send({ error: 'forbidden' });
    const raw = request.query as { after?: unknown; limit?: unknown };
    const after = Number(raw.after ?? 0);
    const limit = Math.min(Number(raw.limit ?? 100), 1_000);
    if (!Number.isInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1)
      return reply.code(400).send({ error: 'invalid-query' });
    return reply
      .header('cache-control', 'no-store')
      .send({ conflicts: await store.readConflicts(orgId, after, limit) });
  });

  if (config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      // The build writes .br and .gz copies (vite.config.ts): served to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; the shell and the service worker must be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/')) {
        return reply.code(404).send({ error: 'not-found' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
