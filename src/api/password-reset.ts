import type { ResetCheck, ResetComplete, ResetRequest } from '../domain/api-schemas/password-reset';
import { parseAnswer, postJson, type FetchLike } from './http';

/**
 * Password reset through the server (server/routes/password-reset.ts; spec part 1, points 4, 7, 8): the
 * server creates the token, mails the link and sets the new password; this device never holds the token.
 * The schemas load with the answer: the forgotten-password dialog is part of the login screen.
 */
const schemas = () => import('../domain/api-schemas/password-reset');
const common = () => import('../domain/api-schemas/common');

export type ServerResetRequest = 'sent' | 'invalid-email' | 'rate-limited' | 'offline';

/** Whatever the account, a sent request gets the same neutral answer (nothing tells an address exists). */
export async function serverRequestReset(
  fetchImpl: FetchLike,
  input: ResetRequest,
): Promise<ServerResetRequest> {
  const response = await postJson(fetchImpl, '/api/password-reset/request', input);
  if (!response) return 'offline';
  if (response.status === 429) return 'rate-limited';
  if (response.status === 400) {
    const body = await parseAnswer(response, (await common()).errorAnswerSchema);
    if (body?.error === 'invalid-email') return 'invalid-email';
  }
  return 'sent';
}

export async function serverCheckResetToken(
  fetchImpl: FetchLike,
  input: ResetCheck,
): Promise<'valid' | 'invalid' | 'offline'> {
  const response = await postJson(fetchImpl, '/api/password-reset/check', input);
  if (!response || response.status >= 500) return 'offline';
  const body = await parseAnswer(response, (await schemas()).resetCheckAnswerSchema);
  return body?.valid === true ? 'valid' : 'invalid';
}

export async function serverCompleteReset(
  fetchImpl: FetchLike,
  input: ResetComplete,
): Promise<'ok' | 'too-short' | 'invalid-link' | 'rate-limited' | 'offline'> {
  const response = await postJson(fetchImpl, '/api/password-reset/complete', input);
  if (!response) return 'offline';
  if (response.ok) return 'ok';
  if (response.status === 429) return 'rate-limited';
  if (response.status === 400) {
    const body = await parseAnswer(response, (await common()).errorAnswerSchema);
    return body?.error === 'too-short' ? 'too-short' : 'invalid-link';
  }
  // A proxy's 502/503 or a server failure: nothing was changed, the person may try again later.
  return 'offline';
}
