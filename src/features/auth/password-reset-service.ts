import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { checkNewPassword, isResetEmailValid, type NewPasswordIssue } from '../../domain/auth/password';

/**
 * Password reset through the server (issue 12 point 5; spec part 1 points 4, 7, 8): the server creates the
 * token, mails the link (or answers it for display when no e-mail service exists) and sets the new password.
 * This device never holds the token and never writes the password itself.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const ORG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The organisation a reset concerns: the link's `org` when it carries a valid one, else this device's. */
export async function resetOrgId(db: AppDatabase, linkOrg: string | null): Promise<string> {
  if (linkOrg && ORG_PATTERN.test(linkOrg)) return linkOrg;
  return getMeta(db, 'orgId');
}

function postJson(fetchImpl: FetchLike, path: string, body: unknown): Promise<Response> {
  return fetchImpl(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
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
  try {
    const response = await postJson(fetchImpl, '/api/password-reset/request', {
      orgId,
      email: email.trim(),
    });
    if (response.status === 429) return { ok: false, code: 'rate-limited' };
    const body = await jsonOf(response);
    if (response.status === 400 && body.error === 'invalid-email')
      return { ok: false, code: 'invalid-email' };
    return NEUTRAL;
  } catch {
    return NEUTRAL;
  }
}

export type ResetTokenState = 'valid' | 'invalid' | 'offline';

/** Whether the link still works (matching token, unexpired, user not archived): asked of the server. */
export async function isResetTokenUsable(
  token: string,
  orgId: string,
  fetchImpl: FetchLike,
): Promise<ResetTokenState> {
  if (!token) return 'invalid';
  try {
    const response = await postJson(fetchImpl, '/api/password-reset/check', { orgId, token });
    if (response.status >= 500) return 'offline';
    const body = await jsonOf(response);
    return body.valid === true ? 'valid' : 'invalid';
  } catch {
    return 'offline';
  }
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
  try {
    const response = await postJson(fetchImpl, '/api/password-reset/complete', { orgId, token, password });
    if (response.ok) return { ok: true };
    if (response.status === 429) return { ok: false, code: 'rate-limited' };
    const body = await jsonOf(response);
    if (response.status === 400 && body.error === 'too-short') return { ok: false, code: 'too-short' };
    if (response.status === 400) return { ok: false, code: 'invalid-link' };
    // A proxy's 502/503 or a server failure: nothing was changed, the person may try again later.
    return { ok: false, code: 'offline' };
  } catch {
    return { ok: false, code: 'offline' };
  }
}
