import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_TIME_HEADER } from '../src/domain/sync/server-time';
import type { ServerConfig } from './config';
import { answerServerFailure } from './failure-answers';
import { jsonDepthExceeds, jsonHasNul, MAX_JSON_DEPTH } from './json-depth';
import { frSecurityUsers } from '../src/i18n/fr-security-users';
import type { WriteHealth } from './storage/write-health';
import { Readable } from 'node:stream';
import { compressedStream } from './json-stream';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Security headers on every answer. The CSP allows no inline script; styles may be inline (React style
 * attributes, maplibre); map tiles and fonts come from https origins; frames never embed us.
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
  // The store, backup and change feed are streamed (json-stream.ts): compressed as they are sent.
  if (
    payload instanceof Readable &&
    String(reply.getHeader('content-type') ?? '').startsWith('application/json')
  ) {
    const compressed = reply.getHeader('content-encoding')
      ? null
      : compressedStream(String(request.headers['accept-encoding'] ?? ''), payload);
    if (!compressed) return payload;
    void reply.header('content-encoding', compressed.encoding).header('vary', 'accept-encoding');
    return compressed.body;
  }
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

const NUL_CHARACTER = 'NUL_CHARACTER';

/** 400 of a request holding U+0000, which PostgreSQL cannot store (json-depth.ts jsonHasNul). */
export function replyNulCharacter(reply: FastifyReply): FastifyReply {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .send({ error: 'nul-character', message: frSecurityUsers.nulCharacter });
}

/** The French answer of a body over its route's limit (cf. the write limits' 413 in auth/write-budget.ts). */
export function tooLargeBodyMessage(limitBytes: number): string {
  const size =
    limitBytes >= 1024 * 1024
      ? `${Math.floor(limitBytes / (1024 * 1024))} Mio`
      : `${Math.floor(limitBytes / 1024)} Kio`;
  return `Requête refusée : son contenu est trop volumineux (${size} au plus ici).`;
}

/**
 * What every request and answer goes through: a body over its route's limit is refused with 413 (in French)
 * before the rest is read — as soon as its declared length, or the bytes received, pass the limit; JSON
 * nested deeper than any store is refused with 400 before it is parsed (not a 500 from deep recursion);
 * answers carry the security headers and the server's clock, JSON is compressed.
 */
export function registerHttpHooks(
  app: FastifyInstance,
  config: ServerConfig,
  writeHealth?: WriteHealth,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Server-side failures: 503 for storage (Retry-After, French), 500 in French otherwise (failure-answers.ts).
    if (answerServerFailure(error, request, reply, writeHealth)) return reply;
    if (error.code === NUL_CHARACTER) return replyNulCharacter(reply);
    // Other errors of the request go on to Fastify's own handler.
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    const limit = request.routeOptions.bodyLimit;
    return reply
      .code(413)
      .header('cache-control', 'no-store')
      .send({ error: 'too-large', message: tooLargeBodyMessage(limit), limit });
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const error = Object.assign(new Error('JSON nested too deeply'), { statusCode: 400 });
      done(error, undefined);
      return;
    }
    // No NUL anywhere but in a push, whose route refuses one in an id and rejects the record that holds one
    // (sync.ts, sync-service.ts): that change alone, so that the device's other changes still go.
    if (request.routeOptions.url !== '/api/mutations' && jsonHasNul(text)) {
      done(Object.assign(new Error('NUL character'), { statusCode: 400, code: NUL_CHARACTER }), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  // An address holding a NUL (%00; Node's parser already refuses a raw one) is refused before anything is
  // read or counted (jsonHasNul).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.includes('%00')) return replyNulCharacter(reply);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
    // The server's clock on every answer: devices estimate it for the trusted time of check-ins.
    if (config.sendServerTime !== false) void reply.header(SERVER_TIME_HEADER, new Date().toISOString());
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=15552000');
    return compressJson(request, reply, payload);
  });
}
