import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** A year: what browsers keep a file whose name changes with its content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The build's hashed files (assets/<name>-<hash>.<ext>, vite.config.ts): their name changes with their
 * content, so browsers keep them a year without asking again. Everything else (index.html, sw.mjs, the
 * manifest, icons) is revalidated on each use, so that a new version reaches every device.
 */
export function isHashedAsset(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/).filter((p) => p !== '');
  return (
    parts.length >= 2 && parts[0] === 'assets' && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(parts.at(-1) ?? '')
  );
}

/** The built application (STATIC_DIR), and index.html for every other GET outside /api (client routes). */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string | null): Promise<void> {
  if (!staticDir || !fs.existsSync(path.join(staticDir, 'index.html'))) return;
  const root = path.resolve(staticDir);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The build writes .br and .gz copies (vite.config.ts): served to browsers that accept them.
    preCompressed: true,
    // Our own header below; @fastify/static's default would add "public, max-age=0" to every file.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const relative = path.relative(root, filePath).replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', isHashedAsset(relative) ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) {
      return reply.code(404).send({ error: 'not-found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
