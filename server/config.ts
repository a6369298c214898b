import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataFile: string;
  /** PostgreSQL connection string (DATABASE_URL); null: the SQLite file `dataFile` (default). */
  databaseUrl: string | null;
  /** Connections per app server to PostgreSQL (PG_POOL_MAX). */
  pgPoolMax: number;
  staticDir: string | null;
  bodyLimitBytes: number;
}

const MIB = 1024 * 1024;

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Configuration by environment variables (README "Configuration"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: intFrom(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataFile: path.resolve(env.DATA_FILE ?? 'data/app.sqlite'),
    databaseUrl: env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null,
    pgPoolMax: intFrom(env.PG_POOL_MAX, 10),
    staticDir: env.STATIC_DIR === '' ? null : path.resolve(env.STATIC_DIR ?? 'dist'),
    // Contract files carry attachments of up to 3,000,000 bytes each, base64-encoded in the store.
    bodyLimitBytes: intFrom(env.BODY_LIMIT_BYTES, 64 * MIB),
  };
}
