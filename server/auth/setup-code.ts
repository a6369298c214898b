import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * The setup code (only the owner of the server creates organisations and emergency administrators): printed
 * in the server's terminal at start, or chosen with SETUP_CODE. Creating an organisation (the first device's
 * anonymous PUT /api/store) and the emergency area (POST /api/emergency-admin) ask for it. Only a salted
 * SHA-256 of it is stored, in the database, so that every app server behind a load balancer accepts the
 * same code; the code is random (80 bits) unless chosen, and attempts are rate-limited per address. A
 * generated code stays valid until SETUP_CODE replaces it (see installSetupCode).
 */

const SETTING = 'setup-code-hash';
/** No 0/O, 1/I/L: the code is read on a terminal and typed on a tablet. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateSetupCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length] ?? 'A');
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Stored as `v2$<salt>$<sha256(salt:code)>`: the code as typed, compared exactly (earlier hashes: replaced). */
const FORMAT = 'v2';

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function hashed(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${FORMAT}$${salt}$${digest(salt, code)}`;
}

function parts(stored: string | null): { salt: string; expected: string } | null {
  const [format, salt, expected] = stored?.split('$') ?? [];
  return format === FORMAT && salt && expected && /^[0-9a-f]{64}$/.test(expected) ? { salt, expected } : null;
}

/**
 * The code of this start. SETUP_CODE, when given, is stored (every server given the same one agrees).
 * Otherwise a valid code already stored stays: several servers started one after the other (or a restart)
 * keep the code the first one printed, instead of each overwriting it and only the last one working. Only
 * without one is a new random code stored (compare-and-set: of two servers starting together, one wins and
 * only it prints). Returns the code to print, or null (given, or kept: it was printed before).
 */
export async function installSetupCode(
  storage: SyncStorage,
  configured: string | null,
): Promise<string | null> {
  if (configured) {
    const stored = parts(await storage.settings.get(SETTING));
    // Already this code: nothing to write (servers restarting together do not race on the same row).
    if (!stored || !sameDigest(digest(stored.salt, configured), stored.expected))
      await storage.settings.set(SETTING, hashed(configured));
    return null;
  }
  for (;;) {
    const current = await storage.settings.get(SETTING);
    if (parts(current)) return null;
    const code = generateSetupCode();
    if (await storage.settings.replaceIf(SETTING, current, hashed(code))) return code;
  }
}

function sameDigest(actualHex: string, wantedHex: string): boolean {
  const actual = Buffer.from(actualHex, 'hex');
  const wanted = Buffer.from(wantedHex, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/**
 * Whether `presented` is the current setup code: exactly as printed or chosen (case, spaces and dashes count:
 * folding them weakened a chosen code), compared in constant time on the digests.
 */
export async function isSetupCode(storage: SyncStorage, presented: unknown): Promise<boolean> {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 200) return false;
  const stored = parts(await storage.settings.get(SETTING));
  if (!stored) return false;
  return sameDigest(digest(stored.salt, presented), stored.expected);
}

/** The header of the first device's PUT /api/store. */
export const SETUP_CODE_HEADER = 'x-setup-code';
