import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { hashSecret } from '../src/domain/secrets';
import { hashClearSecrets } from '../src/domain/store/clear-secrets';
import { DEFAULT_ORG_ID, emptyStore, parseStoreV1, type StoreV1 } from '../src/domain/store/schema';
import type { ServerConfig } from './config';
import { openSqliteStoreRepository } from './storage/sqlite-store-repository';
import type { StoreRepository } from './storage/store-repository';

const ORG_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function etagOf(revision: number): string {
  return `"${revision}"`;
}

/** Accepts `"12"`, `W/"12"` or `12`; `*` means any revision. */
export function parseIfMatch(header: string | undefined): number | null | 'invalid' {
  if (header === undefined || header.trim() === '*') return null;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  return match ? Number(match[1]) : 'invalid';
}

/** Device-local state never lives on the server; clear secrets are hashed before they are stored. */
async function prepareForStorage(store: StoreV1): Promise<StoreV1> {
  const { currentUserId: _u, currentLoginMode: _m, ...shared } = store;
  const nowIso = new Date().toISOString();
  const users = await Promise.all(
    store.users.map(async (u) => (await hashClearSecrets(u, (s) => hashSecret(s), nowIso)).user),
  );
  return { ...shared, users };
}

export interface BuildOptions {
  config: ServerConfig;
  repository?: StoreRepository;
  logger?: boolean;
}

export async function buildApp({
  config,
  repository,
  logger = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: config.bodyLimitBytes });
  const repo = repository ?? openSqliteStoreRepository(config.dataFile);
  app.addHook('onClose', () => repo.close());

  const orgIdOf = (query: unknown): string | null => {
    const raw = (query as { orgId?: unknown }).orgId;
    const orgId = typeof raw === 'string' && raw !== '' ? raw : DEFAULT_ORG_ID;
    return ORG_ID_PATTERN.test(orgId) ? orgId : null;
  };

  app.get('/api/health', () => ({ ok: true }));

  app.get('/api/store', (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const { revision, doc } = repo.read(orgId);
    void reply.header('etag', etagOf(revision)).header('cache-control', 'no-store');
    return doc ?? emptyStore();
  });

  app.put('/api/store', async (request, reply) => {
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).send({ error: 'invalid-org' });
    const expected = parseIfMatch(request.headers['if-match']);
    if (expected === 'invalid') return reply.code(400).send({ error: 'invalid-if-match' });
    const parsed = parseStoreV1(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.code, issues: parsed.issues });
    const doc = await prepareForStorage(parsed.value);
    const result = repo.write(orgId, doc, expected);
    void reply.header('cache-control', 'no-store');
    if (!result.ok)
      return reply
        .code(412)
        .header('etag', etagOf(result.revision))
        .send({ error: result.reason, revision: result.revision });
    return reply.header('etag', etagOf(result.revision)).send({ revision: result.revision });
  });

  if (config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
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
