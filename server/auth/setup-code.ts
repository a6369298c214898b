import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * The setup code (only the owner of the server creates organisations and emergency administrators): printed
 * in the server's terminal at start, or chosen with SETUP_CODE. Creating an organisation (the first device's
 * anonymous PUT /api/store) and the emergency area (POST /api/emergency-admin) ask for it. Only a salted
 * SHA-256 of it is stored, in the database, so that every app server behind a load balancer accepts the
 * same code; the code is random (80 bits) unless chosen, and attempts are rate-limited per address.
 */

const SETTING = 'setup-code-hash';
/** No 0/O, 1/I/L: the code is read on a terminal and typed on a tablet. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateSetupCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length] ?? 'A');
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Spaces, dashes and case do not matter when the code is typed. */
export function normaliseSetupCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

function digest(salt: string, code: string): string {
  return createHash('sha256')
    .update(`${salt}:${normaliseSetupCode(code)}`)
    .digest('hex');
}

/**
 * Stores the hash of the code this start uses: SETUP_CODE when given, otherwise a new random one, which is
 * returned so that the caller prints it (null when SETUP_CODE was given: it is never printed).
 */
export async function installSetupCode(
  storage: SyncStorage,
  configured: string | null,
): Promise<string | null> {
  const code = configured ?? generateSetupCode();
  const salt = randomBytes(16).toString('hex');
  await storage.settings.set(SETTING, `${salt}$${digest(salt, code)}`);
  return configured ? null : code;
}

/** Whether `presented` is the current setup code (constant-time comparison of the digests). */
export async function isSetupCode(storage: SyncStorage, presented: unknown): Promise<boolean> {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 200) return false;
  const stored = await storage.settings.get(SETTING);
  const [salt, expected] = stored?.split('$') ?? [];
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, presented), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** The header of the first device's PUT /api/store. */
export const SETUP_CODE_HEADER = 'x-setup-code';
