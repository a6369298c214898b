import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  INTERNAL_ERROR_MESSAGE,
  STORAGE_FAILURE_MESSAGES,
  STORAGE_RETRY_AFTER_SECONDS,
  storageFailureOf,
} from './storage/storage-failure';
import type { WriteHealth } from './storage/write-health';

/**
 * The answer of a request that failed on the server's side (issue 31). A storage failure (database out of
 * reach, full disk, read-only, I/O error) is 503 with Retry-After and a French message: the request changed
 * nothing (its transaction was rolled back) and the device sends it again later. Any other failure is a 500
 * in French. Neither carries the driver's text or the database's address: the log keeps them.
 * Returns false for errors of the request itself (4xx), which Fastify answers as before.
 */
export function answerServerFailure(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  writeHealth?: WriteHealth,
): boolean {
  const status = error.statusCode ?? 500;
  if (status < 500) return false;
  const kind = storageFailureOf(error);
  if (kind) {
    writeHealth?.noteError(error);
    request.log.error({ err: error, storage: kind }, 'storage failure');
    void reply
      .code(503)
      .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({ error: 'storage-unavailable', reason: kind, message: STORAGE_FAILURE_MESSAGES[kind] });
    return true;
  }
  request.log.error({ err: error }, 'request failed');
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: 'server-error', message: INTERNAL_ERROR_MESSAGE });
  return true;
}
