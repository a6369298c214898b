/**
 * The one list of a user's secret fields (issue 34: it was written three times, in access/rules,
 * users/field-changes and the server's backup). Every rule that hides, journals, pushes or backs up a user
 * reads it from here.
 */

/** Reset state: made by the server (password-reset routes), never in a backup file. */
export const RESET_FIELDS = [
  'passwordResetToken',
  'passwordResetTokenHash',
  'passwordResetExpiresAt',
] as const;

/** Secrets proper: hashes, clear values of older copies, reset state. Nobody but the user receives them. */
export const SECRET_USER_FIELDS = [
  'passwordHash',
  'password',
  'pin',
  'pinHash',
  'pinSalt',
  ...RESET_FIELDS,
] as const;

/** Their bookkeeping: PIN tries and validity, the forced change. */
export const SECRET_STATE_FIELDS = [
  'pinFailedAttempts',
  'pinCooldownUntil',
  'pinUpdatedAt',
  'pinExpiresAt',
  'mustChangePassword',
] as const;

/** Never journaled, never compared (spec part 2: no password or PIN in the journal). */
export const UNJOURNALED_USER_FIELDS: ReadonlySet<string> = new Set<string>([
  ...SECRET_USER_FIELDS,
  ...SECRET_STATE_FIELDS,
]);
