import {
  pinAnswerSchema,
  refusalAnswerSchema,
  resetLinkAnswerSchema,
  temporaryPasswordAnswerSchema,
  type CredentialKind,
} from '../domain/api-schemas/credentials';
import type { UserActionRefusal } from '../domain/users/user-rights';
import { orgQuery, parseAnswer, type FetchLike } from './http';
import type { ZodType } from 'zod';

/**
 * The server routes that make credentials (server/routes/credentials.ts). Each answers 'offline' when the
 * server cannot be reached: these actions need the network (the server hashes and keeps the only copy), so
 * the caller says so instead of doing them on the device.
 */
export type CredentialFailure =
  | { ok: false; code: 'offline' | 'unauthenticated' | 'failed' }
  | { ok: false; code: 'refused'; reason: UserActionRefusal | null; message: string | null };

export type CredentialAnswer<T> = { ok: true; value: T } | CredentialFailure;

async function postCredential<T>(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
  kind: CredentialKind,
  schema: ZodType<T>,
): Promise<CredentialAnswer<T>> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/users/${encodeURIComponent(userId)}/${kind}?${orgQuery(orgId)}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
  } catch {
    return { ok: false, code: 'offline' };
  }
  if (response.status >= 502) return { ok: false, code: 'offline' };
  if (response.status === 401) return { ok: false, code: 'unauthenticated' };
  if (response.status === 403 || response.status === 409) {
    const refusal = await parseAnswer(response, refusalAnswerSchema);
    return { ok: false, code: 'refused', reason: refusal?.error ?? null, message: refusal?.message ?? null };
  }
  if (!response.ok) return { ok: false, code: 'failed' };
  const body = await parseAnswer(response, schema);
  return body ? { ok: true, value: body } : { ok: false, code: 'failed' };
}

export async function requestTemporaryPassword(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
): Promise<CredentialAnswer<string>> {
  const answer = await postCredential(
    fetchImpl,
    orgId,
    userId,
    'temporary-password',
    temporaryPasswordAnswerSchema,
  );
  return answer.ok ? { ok: true, value: answer.value.password } : answer;
}

export async function requestPin(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
): Promise<CredentialAnswer<string>> {
  const answer = await postCredential(fetchImpl, orgId, userId, 'pin', pinAnswerSchema);
  return answer.ok ? { ok: true, value: answer.value.pin } : answer;
}

/** The reset link, completed with this page's origin when the server has no PUBLIC_URL. */
export async function requestResetLink(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
  origin: string,
): Promise<CredentialAnswer<string>> {
  const answer = await postCredential(fetchImpl, orgId, userId, 'reset-link', resetLinkAnswerSchema);
  if (!answer.ok) return answer;
  return { ok: true, value: answer.value.link ?? `${origin}${answer.value.path}` };
}
