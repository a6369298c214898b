import net from 'node:net';
import path from 'node:path';
import { rateLimitsWith, type RateLimitTable } from '../src/domain/auth/session-policy';
import { PBKDF2_ITERATIONS } from '../src/domain/secrets';
import type { WriteBudget } from './auth/write-budget';
import { contractLimitsFromEnv } from './contract-storage';
import type { ContractStorageLimits } from '../src/domain/contracts/storage-limits';

export interface ServerConfig {
  port: number;
  host: string;
  dataFile: string;
  /** PostgreSQL connection string (DATABASE_URL); null: the SQLite file `dataFile` (default). */
  databaseUrl: string | null;
  /** Connections per app server to PostgreSQL (PG_POOL_MAX). */
  pgPoolMax: number;
  /** At most this many batches of one organisation per PostgreSQL transaction (PG_GROUP_MAX, 64 by default; 1: no grouping). */
  pgGroupMax: number;
  staticDir: string | null;
  /**
   * Body limit of the two routes that carry a whole store or a batch of mutations (PUT /api/store, POST
   * /api/mutations: attachments travel in them), whose session is decided before the body is read. Every
   * other route takes at most SMALL_BODY_LIMIT_BYTES.
   */
  bodyLimitBytes: number;
  /**
   * The proxies whose X-Forwarded-* headers are believed (TRUST_PROXY): false (none, the default), a hop
   * count (`1`: the one reverse proxy in front; `true` means 1 too), or the proxies' addresses/CIDRs. Never
   * "every hop": a client-chosen X-Forwarded-For beyond the trusted proxies is not believed.
   */
  trustProxy: false | number | string[];
  /** SMTP server for reset e-mails (SMTP_URL, e.g. smtp://user:pass@mail.example:587); null: no e-mail. */
  smtpUrl: string | null;
  /** Sender of e-mails (MAIL_FROM). */
  mailFrom: string;
  /** Public address of the app for links in e-mails (PUBLIC_URL); required with SMTP_URL. Never a request header. */
  publicUrl: string | null;
  /** SETUP_CODE: the code that creates organisations and emergency administrators; null: a random one per start. */
  setupCode: string | null;
  /**
   * Iteration counts of PBKDF2 hashes the server accepts from a client and verifies: its own (600,000) only.
   * Not an environment variable; test suites add their fast count here.
   */
  acceptedHashIterations: readonly number[];
  /** Whether a new organisation may be created by its first device without a session (ALLOW_NEW_ORGS). */
  allowNewOrgs: boolean;
  /** The spec's initial password {key}, the same as the app's build (INITIAL_PASSWORD or VITE_INITIAL_PASSWORD). */
  initialPassword: string;
  /** Sign-in, PIN and reset attempts allowed per window (ADDRESS_RATE_LIMIT replaces the per-address ones). */
  rateLimits: RateLimitTable;
  /**
   * Whether answers carry the server's clock (X-Server-Time) for devices to estimate it (SEND_SERVER_TIME,
   * default on). Off only for test suites that fake the browsers' clocks: devices then keep their own.
   */
  sendServerTime?: boolean;
  /**
   * The per-session write budget of POST /api/mutations; absent: WRITE_BUDGET_BYTES and
   * WRITE_BUDGET_MUTATIONS, else the standard budget (auth/write-budget.ts). Tests set a small one.
   */
  writeBudget?: WriteBudget;
  /**
   * Contract files' storage limits: per teacher, and the organisation's quota (ORG_STORAGE_QUOTA_BYTES);
   * absent: the standard ones (src/domain/contracts/storage-limits.ts). Tests set small ones.
   */
  contractStorage?: ContractStorageLimits;
}

const MIB = 1024 * 1024;

/**
 * Body limit of every route but the store's and the batch's (sign-in, PIN, reset, emergency area, kiosk and
 * credential routes): their bodies are a few hundred bytes, and an anonymous request must stay cheap whatever
 * it sends (413 as soon as the declared or received length is over it, without reading the rest).
 */
export const SMALL_BODY_LIMIT_BYTES = 16 * 1024;

/** A configuration the server refuses to start with; the message says what to change. */
export class ConfigError extends Error {}

const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY forms (Fastify's trustProxy): empty/0/false: none; a hop count (`1`, and `true` as before: one
 * proxy); or comma-separated proxy addresses and CIDRs (`10.0.0.2,192.168.0.0/16`, `loopback`).
 */
export function trustProxyFrom(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const wrong = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || wrong.length > 0)
    throw new ConfigError(
      `TRUST_PROXY=${value} : attendu un nombre de proxys (ex. 1) ou leurs adresses/CIDR séparées par des virgules (ex. 10.0.0.2,192.168.0.0/16) ; invalide : ${wrong.join(', ')}`,
    );
  return entries;
}

function publicUrlFrom(raw: string | undefined, smtpUrl: string | null): string | null {
  const value = raw?.trim() ? raw.trim().replace(/\/+$/, '') : null;
  if (value !== null) {
    const protocol = URL.canParse(value) ? new URL(value).protocol : null;
    if (protocol !== 'https:' && protocol !== 'http:')
      throw new ConfigError(
        `PUBLIC_URL=${value} : adresse http(s) attendue, ex. https://emargement.ecole.sn`,
      );
  }
  // Reset links e-mailed to people are built from PUBLIC_URL only, never from the request's Host header.
  if (smtpUrl && value === null)
    throw new ConfigError(
      'SMTP_URL est défini mais PUBLIC_URL ne l’est pas : les liens de réinitialisation envoyés par e-mail ont besoin de l’adresse publique de l’application (ex. PUBLIC_URL=https://emargement.ecole.sn).',
    );
  return value;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Configuration by environment variables (README "Configuration"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const smtpUrl = env.SMTP_URL?.trim() ? env.SMTP_URL.trim() : null;
  return {
    port: intFrom(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataFile: path.resolve(env.DATA_FILE ?? 'data/app.sqlite'),
    databaseUrl: env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null,
    pgPoolMax: intFrom(env.PG_POOL_MAX, 10),
    pgGroupMax: intFrom(env.PG_GROUP_MAX, 64),
    staticDir: env.STATIC_DIR === '' ? null : path.resolve(env.STATIC_DIR ?? 'dist'),
    // Contract files carry attachments of up to 3,000,000 bytes each, base64-encoded in the store.
    bodyLimitBytes: intFrom(env.BODY_LIMIT_BYTES, 64 * MIB),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Émargement <no-reply@localhost>',
    publicUrl: publicUrlFrom(env.PUBLIC_URL, smtpUrl),
    setupCode: env.SETUP_CODE?.trim() ? env.SETUP_CODE.trim() : null,
    acceptedHashIterations: [PBKDF2_ITERATIONS],
    rateLimits: rateLimitsWith(
      intFrom(env.ADDRESS_RATE_LIMIT, 0) > 0 ? intFrom(env.ADDRESS_RATE_LIMIT, 0) : null,
    ),
    initialPassword: env.INITIAL_PASSWORD || env.VITE_INITIAL_PASSWORD || 'Bienvenue@2026',
    allowNewOrgs: env.ALLOW_NEW_ORGS !== '0' && env.ALLOW_NEW_ORGS !== 'false',
    sendServerTime: env.SEND_SERVER_TIME !== '0' && env.SEND_SERVER_TIME !== 'false',
    contractStorage: contractLimitsFromEnv(env),
  };
}
