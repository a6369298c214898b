import type { StoreV1 } from '../domain/store/schema';
import type { UserActionRefusal } from '../domain/users/user-rights';
import type { FetchLike } from './outbox-push';

/**
 * The server routes that make credentials and backups (server/routes/credentials.ts and backup.ts). Each
 * answers 'offline' when the server cannot be reached: these actions need the network (the server hashes
 * and keeps the only copy), so the caller says so instead of doing them on the device.
 */
export type CredentialFailure =
  | { ok: false; code: 'offline' | 'unauthenticated' | 'failed' }
  | { ok: false; code: 'refused'; reason: UserActionRefusal | null; message: string | null };

export type CredentialAnswer<T> = { ok: true; value: T } | CredentialFailure;

async function postCredential(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
  kind: 'temporary-password' | 'pin' | 'reset-link',
): Promise<CredentialAnswer<Record<string, unknown>>> {
  let response: Response;
  try {
    response = await fetchImpl(
      `/api/users/${encodeURIComponent(userId)}/${kind}?orgId=${encodeURIComponent(orgId)}`,
      { method: 'POST', headers: { accept: 'application/json' } },
    );
  } catch {
    return { ok: false, code: 'offline' };
  }
  if (response.status >= 502) return { ok: false, code: 'offline' };
  if (response.status === 401) return { ok: false, code: 'unauthenticated' };
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 403 || response.status === 409) {
    const reason = typeof body?.error === 'string' ? (body.error as UserActionRefusal) : null;
    const message = typeof body?.message === 'string' ? body.message : null;
    return { ok: false, code: 'refused', reason, message };
  }
  if (!response.ok || !body) return { ok: false, code: 'failed' };
  return { ok: true, value: body };
}

export async function requestTemporaryPassword(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
): Promise<CredentialAnswer<string>> {
  const answer = await postCredential(fetchImpl, orgId, userId, 'temporary-password');
  if (!answer.ok) return answer;
  const password = answer.value.password;
  return typeof password === 'string' ? { ok: true, value: password } : { ok: false, code: 'failed' };
}

export async function requestPin(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
): Promise<CredentialAnswer<string>> {
  const answer = await postCredential(fetchImpl, orgId, userId, 'pin');
  if (!answer.ok) return answer;
  const pin = answer.value.pin;
  return typeof pin === 'string' ? { ok: true, value: pin } : { ok: false, code: 'failed' };
}

/** The reset link, completed with this page's origin when the server has no PUBLIC_URL. */
export async function requestResetLink(
  fetchImpl: FetchLike,
  orgId: string,
  userId: string,
  origin: string,
): Promise<CredentialAnswer<string>> {
  const answer = await postCredential(fetchImpl, orgId, userId, 'reset-link');
  if (!answer.ok) return answer;
  const { link, path } = answer.value;
  if (typeof link === 'string') return { ok: true, value: link };
  return typeof path === 'string' ? { ok: true, value: `${origin}${path}` } : { ok: false, code: 'failed' };
}

/** GET /api/backup: the organisation with every hash (settings.donnees). */
export async function fetchServerBackup(
  fetchImpl: FetchLike,
  orgId: string,
): Promise<CredentialAnswer<StoreV1>> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/backup?orgId=${encodeURIComponent(orgId)}`, {
      headers: { accept: 'application/json' },
    });
  } catch {
    return { ok: false, code: 'offline' };
  }
  if (response.status >= 502) return { ok: false, code: 'offline' };
  if (response.status === 401) return { ok: false, code: 'unauthenticated' };
  if (response.status === 403) return { ok: false, code: 'refused', reason: null, message: null };
  if (!response.ok) return { ok: false, code: 'failed' };
  const body = (await response.json().catch(() => null)) as StoreV1 | null;
  return body ? { ok: true, value: body } : { ok: false, code: 'failed' };
}

/**
 * PUT /api/store by settings.donnees: the Données import restores the whole organisation on the server
 * (hashes included, with this server's parameters), never as ordinary edits that the rules would refuse.
 */
export async function restoreOnServer(
  fetchImpl: FetchLike,
  orgId: string,
  store: StoreV1,
): Promise<'ok' | 'offline' | 'unauthenticated' | 'refused' | 'failed'> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/store?orgId=${encodeURIComponent(orgId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(store),
    });
  } catch {
    return 'offline';
  }
  if (response.status >= 502) return 'offline';
  if (response.status === 401) return 'unauthenticated';
  if (response.status === 403) return 'refused';
  return response.ok ? 'ok' : 'failed';
}
