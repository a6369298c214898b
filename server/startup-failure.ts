import path from 'node:path';
import type { ServerConfig } from './config';
import { MigrationError } from './storage/migration-error';
import { redactDatabaseUrl } from './storage/open-storage';
import { storageFailureOf } from './storage/storage-failure';

/** The code of an error or of the error it wraps (pg, better-sqlite3 and Node's system errors). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    if (e instanceof AggregateError) for (const inner of e.errors as unknown[]) codes.push(...codesOf(inner));
  }
  return codes;
}

/** The driver's own words, for the operator's terminal (never sent to a device). */
function detailOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' && !e.message.includes(code) ? `${code} ${e.message}` : e.message);
  }
  return parts.join(' ; ') || String(error);
}

/**
 * Why the server could not start, in one French line for the terminal (issue 31): an unwritable data
 * directory, an unreachable or refusing database, a failed migration, a busy port. The detail follows in
 * parentheses; the process then exits with 1.
 */
export function startupFailureMessage(
  error: unknown,
  config: Pick<ServerConfig, 'databaseUrl' | 'dataFile' | 'port'>,
): string {
  const detail = `(détail : ${detailOf(error)})`;
  const codes = codesOf(error);
  if (codes.includes('EADDRINUSE'))
    return `Démarrage impossible : le port ${config.port} est déjà utilisé par un autre programme (PORT le change). ${detail}`;
  if (error instanceof MigrationError)
    return `Démarrage impossible : la mise à jour de la base de données a échoué à l’étape ${error.version} (${error.migrationName}) ; rien de cette étape n’a été appliqué. Restaurez une sauvegarde ou signalez l’erreur. ${detail}`;
  if (config.databaseUrl) {
    const where = redactDatabaseUrl(config.databaseUrl);
    if (codes.some((c) => c === '28P01' || c === '28000'))
      return `Démarrage impossible : PostgreSQL refuse l’identifiant ou le mot de passe de DATABASE_URL (${where}). ${detail}`;
    if (codes.includes('3D000'))
      return `Démarrage impossible : la base nommée dans DATABASE_URL n’existe pas (${where}). ${detail}`;
    if (storageFailureOf(error))
      return `Démarrage impossible : la base PostgreSQL ne répond pas (${where}) ; vérifiez qu’elle est démarrée et que DATABASE_URL est juste. ${detail}`;
  } else {
    const dir = path.dirname(path.resolve(config.dataFile));
    const kind = storageFailureOf(error);
    if (kind === 'full')
      return `Démarrage impossible : le disque du dossier des données (${dir}) est plein. ${detail}`;
    const fileProblem = codes.some((c) =>
      ['EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'ENOENT', 'EISDIR', 'SQLITE_CANTOPEN', 'SQLITE_PERM'].includes(
        c,
      ),
    );
    if (kind || fileProblem)
      return `Démarrage impossible : le serveur ne peut pas écrire dans le dossier des données ${dir} (DATA_FILE=${config.dataFile}) ; vérifiez qu’il existe, que le serveur peut y écrire et qu’il n’est pas en lecture seule. ${detail}`;
  }
  return `Démarrage impossible : ${detail}`;
}
