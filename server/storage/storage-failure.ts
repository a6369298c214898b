/**
 * Failures of the world around the app (issue 31): a database that does not answer, a full disk, a read-only
 * file system, an I/O error. They are nobody's fault in the request: the server answers 503 with Retry-After
 * and a short French message (the device keeps its work and retries later), never the driver's text nor the
 * database's address; the log keeps the detail. Everything else stays a plain 500.
 */

export type StorageFailureKind = 'unreachable' | 'full' | 'read-only' | 'io';

/** What a device shows (it keeps its changes and sends them again later). */
export const STORAGE_FAILURE_MESSAGES: Record<StorageFailureKind, string> = {
  unreachable:
    'Le serveur ne joint pas sa base de données pour le moment. Vos modifications sont gardées sur cet appareil et seront envoyées plus tard.',
  full: 'Le disque du serveur est plein : rien n’a été enregistré. Vos modifications sont gardées sur cet appareil et seront envoyées plus tard.',
  'read-only':
    'Le serveur ne peut plus écrire ses données (stockage en lecture seule) : rien n’a été enregistré. Vos modifications sont gardées sur cet appareil et seront envoyées plus tard.',
  io: 'Le serveur a rencontré une erreur de disque : rien n’a été enregistré. Vos modifications sont gardées sur cet appareil et seront envoyées plus tard.',
};

/** The French answer of any other server failure (its detail stays in the log). */
export const INTERNAL_ERROR_MESSAGE = 'Erreur interne du serveur. Réessayez plus tard.';

/** Seconds a device waits before trying again (the Retry-After header). */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** Node's system errors of sockets and files. */
const SYSTEM_CODES: Record<string, StorageFailureKind> = {
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ETIMEDOUT: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  EPIPE: 'unreachable',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EIO: 'io',
};

/** pg's own messages when a connection is lost or cannot be had (no code on these errors). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated unexpectedly',
  'connection timeout',
  'database timeout',
];

function kindOfCode(code: string): StorageFailureKind | null {
  const system = SYSTEM_CODES[code];
  if (system) return system;
  // SQLite (better-sqlite3 puts the extended result code in `code`).
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'io';
  // PostgreSQL SQLSTATE: 08 connection exception, 57P01-57P03 shut down / starting up, 53 out of resources,
  // 25006 read-only transaction (a standby), 58030 I/O error.
  if (/^[0-9A-Z]{5}$/.test(code) && !code.startsWith('SQLITE')) {
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')
      return 'unreachable';
    if (code === '53100') return 'full';
    if (code.startsWith('53')) return 'unreachable';
    if (code === '25006') return 'read-only';
    if (code === '58030') return 'io';
  }
  return null;
}

/** The kind of a storage failure, or null for any other error (a bug: 500). */
export function storageFailureOf(error: unknown): StorageFailureKind | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    const kind = kindOfCode(code);
    if (kind) return kind;
  }
  if (PG_CONNECTION_MESSAGES.some((m) => error.message.startsWith(m))) return 'unreachable';
  // An AggregateError (several addresses refused), or an error wrapping its cause.
  const nested = [
    ...(error instanceof AggregateError ? (error.errors as unknown[]) : []),
    (error as { cause?: unknown }).cause,
  ];
  for (const inner of nested) {
    if (inner === error) continue;
    const kind = storageFailureOf(inner);
    if (kind) return kind;
  }
  return null;
}
