import path from 'node:path';
import { rateLimitsWith, type RateLimitTable } from '../src/domain/auth/session-policy';

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
  /** Behind a reverse proxy that terminates HTTPS (TRUST_PROXY=1): client addresses and https come from it. */
  trustProxy: boolean;
  /** SMTP server for reset e-mails (SMTP_URL, e.g. smtp://user:pass@mail.example:587); null: links are answered. */
  smtpUrl: string | null;
  /** Sender of e-mails (MAIL_FROM). */
  mailFrom: string;
  /** Public address of the app for links in e-mails (PUBLIC_URL); null: the request's own origin. */
  publicUrl: string | null;
  /** Whether a new organisation may be created by its first device without a session (ALLOW_NEW_ORGS). */
  allowNewOrgs: boolean;
  /** The spec's initial password {key}, the same as the app's build (INITIAL_PASSWORD or VITE_INITIAL_PASSWORD). */
  initialPassword: string;
  /** Sign-in, PIN and reset attempts allowed per window (ADDRESS_RATE_LIMIT replaces the per-address ones). */
  rateLimits: RateLimitTable;
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL?.trim() ? env.SMTP_URL.trim() : null,
    mailFrom: env.MAIL_FROM?.trim() || 'Émargement <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL?.trim() ? env.PUBLIC_URL.trim().replace(/\/+$/, '') : null,
    rateLimits: rateLimitsWith(
      intFrom(env.ADDRESS_RATE_LIMIT, 0) > 0 ? intFrom(env.ADDRESS_RATE_LIMIT, 0) : null,
    ),
    initialPassword: env.INITIAL_PASSWORD || env.VITE_INITIAL_PASSWORD || 'Bienvenue@2026',
    allowNewOrgs: env.ALLOW_NEW_ORGS !== '0' && env.ALLOW_NEW_ORGS !== 'false',
  };
}
