// spec part 1 point 9: password minimum length 6; reset token of 32 hex characters valid 1 hour.
export const PASSWORD_MIN_LENGTH = 6;
export const RESET_TOKEN_HEX_LENGTH = 32;
export const RESET_TOKEN_VALIDITY_MIN = 60;
export const RESET_REDIRECT_DELAY_MS = 1200;
export const LOGOUT_DELAY_MS = 300;

export type NewPasswordIssue = 'too-short' | 'mismatch';

/** First login and reset screens: at least 6 characters, confirmation equal. */
export function checkNewPassword(password: string, confirmation: string): NewPasswordIssue | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (password !== confirmation) return 'mismatch';
  return null;
}

/** Reset request e-mail: non-empty and contains @ (spec part 1 point 5). */
export function isResetEmailValid(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

export function resetTokenExpiry(now: Date): string {
  return new Date(now.getTime() + RESET_TOKEN_VALIDITY_MIN * 60_000).toISOString();
}

export interface ResetTarget {
  status: string;
  passwordResetTokenHash?: string | null | undefined;
  passwordResetExpiresAt?: string | null | undefined;
}

/** A reset link works only for a matching token, before its expiry, for a user who is not archived. */
export function isResetLinkValid(user: ResetTarget | undefined, tokenHash: string, now: Date): boolean {
  if (!user || user.status === 'Archived') return false;
  if (!user.passwordResetTokenHash || user.passwordResetTokenHash !== tokenHash) return false;
  if (!user.passwordResetExpiresAt) return false;
  return now.getTime() < Date.parse(user.passwordResetExpiresAt);
}
