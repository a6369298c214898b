/**
 * Passwords, PINs and temporary passwords are stored only as PBKDF2-SHA256 hashes with a random salt
 * (ARCHITECTURE.md "Server"). Same code in the browser and in Node: both expose WebCrypto as
 * `globalThis.crypto`. The encoded form carries its own parameters so the iteration count can grow later.
 */

/** OWASP Password Storage Cheat Sheet (2023+): 600,000 iterations for PBKDF2-HMAC-SHA256. */
export const PBKDF2_ITERATIONS = 600_000;
export const SALT_BYTES = 16;
const HASH_BITS = 256;
const PREFIX = 'pbkdf2-sha256';

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

export function randomBytes(count: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(count);
  globalThis.crypto.getRandomValues(out);
  return out;
}

async function derive(
  secret: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await globalThis.crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export interface HashOptions {
  iterations?: number;
  salt?: Uint8Array<ArrayBuffer>;
}

/** Returns `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`. */
export async function hashSecret(secret: string, options: HashOptions = {}): Promise<string> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = options.salt ?? randomBytes(SALT_BYTES);
  const hash = await derive(secret, salt, iterations);
  return `${PREFIX}$${iterations}$${bytesToBase64(salt)}$${bytesToBase64(hash)}`;
}

export function saltOf(encoded: string): string | null {
  const parts = encoded.split('$');
  return parts.length === 4 && parts[0] === PREFIX ? (parts[2] ?? null) : null;
}

export function isEncodedHash(value: string | null | undefined): value is string {
  return typeof value === 'string' && saltOf(value) !== null;
}

/** Constant-time comparison: the time taken does not reveal how many leading bytes matched. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

interface ParsedHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 4 || parts[0] !== PREFIX || !/^\d{1,10}$/.test(parts[1] ?? '')) return null;
  const iterations = Number(parts[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1) return null;
  try {
    return { iterations, salt: base64ToBytes(parts[2] ?? ''), hash: base64ToBytes(parts[3] ?? '') };
  } catch {
    return null;
  }
}

/**
 * Whether a stored hash has exactly the parameters given (by default this code's own: PBKDF2-SHA256,
 * 600,000 iterations, 16-byte salt, 32-byte hash). A hash with a huge count (`pbkdf2-sha256$2147483647$…`)
 * would stall whoever verifies it: the server refuses it on write and never verifies it.
 */
export function hasHashParameters(
  encoded: string | null | undefined,
  iterations: readonly number[] = [PBKDF2_ITERATIONS],
): boolean {
  const parsed = typeof encoded === 'string' ? parseHash(encoded) : null;
  return (
    parsed !== null &&
    iterations.includes(parsed.iterations) &&
    parsed.salt.length === SALT_BYTES &&
    parsed.hash.length === HASH_BITS / 8
  );
}

export interface VerifyOptions {
  /**
   * Iteration counts accepted (the server: its own only). Default: any count up to this code's own, so that
   * no copy of a hash, wherever it came from, makes a device compute more than one normal verification.
   */
  iterations?: readonly number[];
}

export async function verifySecret(
  secret: string,
  encoded: string | null | undefined,
  options: VerifyOptions = {},
): Promise<boolean> {
  if (!encoded) return false;
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const allowed = options.iterations
    ? hasHashParameters(encoded, options.iterations)
    : parsed.iterations <= PBKDF2_ITERATIONS;
  if (!allowed) return false;
  const actual = await derive(secret, parsed.salt, parsed.iterations);
  return equalBytes(actual, parsed.hash);
}

/**
 * A hash of this code's parameters that no secret is known to match: verified when the account is unknown,
 * so that an unknown e-mail costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | null = null;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret(randomHex(16));
  return dummyHash;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function randomHex(byteCount: number): string {
  return [...randomBytes(byteCount)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Uniform integer in [0, max) without modulo bias. */
export function randomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const value = buf[0] ?? 0;
    if (value < limit) return value % max;
  }
}

export function randomId(prefix = ''): string {
  return `${prefix}${globalThis.crypto.randomUUID()}`;
}

// spec part 1 point 9: PIN of 6 digits when generated; entry accepts 4 to 6 digits.
export const PIN_GENERATED_LENGTH = 6;
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;

export function generatePin(): string {
  let pin = '';
  for (let i = 0; i < PIN_GENERATED_LENGTH; i += 1) pin += String(randomInt(10));
  return pin;
}

// Temporary password (spec part 1 point 9 asks 8 to 12 characters with a lowercase letter, an uppercase letter,
// a digit and a symbol). Issue 33 point 9, deviation to protect users: "eUhXd_ADm#2k" could not be dictated over
// the phone. The password is now three pronounceable words of two syllables and two groups of four digits,
// "Bako-mire-tusa-4827-3916": it still holds every class (B, a, 4, -), and its entropy (64.5 bits, uniform)
// is above the old generator's (at most 63.4 bits, 48.9 bits when it drew 8 characters).
export const TEMP_PASSWORD_CONSONANTS = 'bcdfgjklmnprstvz';
export const TEMP_PASSWORD_VOWELS = 'aeiou';
export const TEMP_PASSWORD_WORDS = 3;
export const TEMP_PASSWORD_SYLLABLES_PER_WORD = 2;
export const TEMP_PASSWORD_DIGIT_GROUPS = 2;
export const TEMP_PASSWORD_DIGITS_PER_GROUP = 4;

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] ?? alphabet[0] ?? '';
}

/** Bits of entropy of generateTemporaryPassword: every part is drawn uniformly and independently. */
export function temporaryPasswordEntropyBits(): number {
  const syllables = TEMP_PASSWORD_WORDS * TEMP_PASSWORD_SYLLABLES_PER_WORD;
  const digits = TEMP_PASSWORD_DIGIT_GROUPS * TEMP_PASSWORD_DIGITS_PER_GROUP;
  return (
    syllables * Math.log2(TEMP_PASSWORD_CONSONANTS.length * TEMP_PASSWORD_VOWELS.length) +
    digits * Math.log2(10)
  );
}

export function generateTemporaryPassword(): string {
  const words: string[] = [];
  for (let w = 0; w < TEMP_PASSWORD_WORDS; w += 1) {
    let word = '';
    for (let s = 0; s < TEMP_PASSWORD_SYLLABLES_PER_WORD; s += 1)
      word += pick(TEMP_PASSWORD_CONSONANTS) + pick(TEMP_PASSWORD_VOWELS);
    words.push(w === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word);
  }
  for (let g = 0; g < TEMP_PASSWORD_DIGIT_GROUPS; g += 1) {
    let group = '';
    for (let d = 0; d < TEMP_PASSWORD_DIGITS_PER_GROUP; d += 1) group += String(randomInt(10));
    words.push(group);
  }
  return words.join('-');
}
