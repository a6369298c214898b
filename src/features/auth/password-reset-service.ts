import { serverCheckResetToken, serverCompleteReset, serverRequestReset } from '../../api/password-reset';
import type { FetchLike } from '../../api/http';
import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { ORG_ID_PATTERN } from '../../domain/api-schemas/org-id';
import { checkNewPassword, isResetEmailValid, type NewPasswordIssue } from '../../domain/auth/password';

/**
 * Password reset (spec part 1, points 4, 7, 8): the spec's checks first, in the spec's order, then the
 * server (src/api/password-reset.ts), which alone holds the token and writes the password.
 */

/** The organisation a reset concerns: the link's `org` when it carries a valid one, else this device's. */
export async function resetOrgId(db: AppDatabase, linkOrg: string | null): Promise<string> {
  if (linkOrg && ORG_ID_PATTERN.test(linkOrg)) return linkOrg;
  return getMeta(db, 'orgId');
}

export type ResetRequestResult = { ok: false; code: 'invalid-email' | 'rate-limited' } | { ok: true };

const NEUTRAL: ResetRequestResult = { ok: true };

/**
 * "Mot de passe oublié ?": any answer but a refused address or a rate limit shows the same neutral text
 * (spec part 1 point 8). Never a link, whatever a server answers: a link shown to whoever asks would hand the
 * account to a stranger; the link goes by e-mail, or an administrator gives it from /users.
 */
export async function requestPasswordReset(
  email: string,
  orgId: string,
  fetchImpl: FetchLike,
): Promise<ResetRequestResult> {
  if (!isResetEmailValid(email)) return { ok: false, code: 'invalid-email' };
  const answer = await serverRequestReset(fetchImpl, { orgId, email: email.trim() });
  if (answer === 'invalid-email' || answer === 'rate-limited') return { ok: false, code: answer };
  return NEUTRAL;
}

export type ResetTokenState = 'valid' | 'invalid' | 'offline';

/** Whether the link still works (matching token, unexpired, user not archived): asked of the server. */
export async function isResetTokenUsable(
  token: string,
  orgId: string,
  fetchImpl: FetchLike,
): Promise<ResetTokenState> {
  if (!token) return 'invalid';
  return serverCheckResetToken(fetchImpl, { orgId, token });
}

export type ResetCompleteError = NewPasswordIssue | 'invalid-link' | 'rate-limited' | 'offline';

export async function completePasswordReset(
  token: string,
  password: string,
  confirmation: string,
  orgId: string,
  fetchImpl: FetchLike,
): Promise<{ ok: true } | { ok: false; code: ResetCompleteError }> {
  const issue = checkNewPassword(password, confirmation);
  if (issue) return { ok: false, code: issue };
  const answer = await serverCompleteReset(fetchImpl, { orgId, token, password });
  return answer === 'ok' ? { ok: true } : { ok: false, code: answer };
}
