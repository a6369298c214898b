import type { ServerConfig } from '../config';
import { openPostgresSyncStorage } from './postgres-sync-storage';
import { openSqliteSyncStorage } from './sqlite-sync-storage';
import type { SyncStorage } from './sync-storage';

/**
 * The storage the configuration names: PostgreSQL when DATABASE_URL is set, the SQLite file
 * otherwise. Either way the shared numbered migrations have run when this resolves.
 */
export function openStorage(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataFile' | 'pgPoolMax'> &
    Partial<Pick<ServerConfig, 'pgGroupMax'>>,
  onError?: (error: Error) => void,
): Promise<SyncStorage> {
  if (config.databaseUrl)
    return openPostgresSyncStorage(config.databaseUrl, {
      poolMax: config.pgPoolMax,
      ...(config.pgGroupMax === undefined ? {} : { groupMax: config.pgGroupMax }),
      ...(onError ? { onError } : {}),
    });
  return Promise.resolve(openSqliteSyncStorage(config.dataFile));
}

/** The connection string without its password, for logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgresql://…';
  }
}
