import { isEncodedHash, saltOf, sha256Hex } from '../secrets';
import type { User } from './schema';

/**
 * Clear-text secrets may arrive from older copies of the store (password, pin, passwordResetToken).
 * They are hashed and the clear text dropped, on the client and on the server alike. A `password` that is
 * already an encoded hash is kept as the hash only when `isAcceptedHash` says so (the server: its own
 * parameters only); otherwise it is hashed like any text.
 */
export async function hashClearSecrets(
  original: User,
  hashSecret: (secret: string) => Promise<string>,
  nowIso: string,
  isAcceptedHash: (value: string) => boolean = isEncodedHash,
): Promise<{ user: User; hashedPassword: boolean; hashedPin: boolean }> {
  const user: User = { ...original };
  let hashedPassword = false;
  let hashedPin = false;
  if (typeof user.password === 'string' && user.password !== '') {
    user.passwordHash = isAcceptedHash(user.password) ? user.password : await hashSecret(user.password);
    hashedPassword = true;
  }
  delete user.password;
  if (typeof user.pin === 'string' && user.pin !== '') {
    user.pinHash = await hashSecret(user.pin);
    user.pinSalt = saltOf(user.pinHash) ?? undefined;
    user.pinUpdatedAt ??= nowIso;
    hashedPin = true;
  }
  delete user.pin;
  if (typeof user.passwordResetToken === 'string' && user.passwordResetToken !== '') {
    user.passwordResetTokenHash = await sha256Hex(user.passwordResetToken);
  }
  delete user.passwordResetToken;
  return { user, hashedPassword, hashedPin };
}
