import { backupAnswerSchema } from '../domain/api-schemas/backup';
import type { StoreV1 } from '../domain/store/schema';
import type { CredentialAnswer } from './credentials';
import { orgQuery, parseAnswer, type FetchLike } from './http';

/** GET /api/backup: the organisation with every hash (settings.donnees; server/routes/backup.ts). */
export async function fetchServerBackup(
  fetchImpl: FetchLike,
  orgId: string,
): Promise<CredentialAnswer<StoreV1>> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/backup?${orgQuery(orgId)}`, { headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, code: 'offline' };
  }
  if (response.status >= 502) return { ok: false, code: 'offline' };
  if (response.status === 401) return { ok: false, code: 'unauthenticated' };
  if (response.status === 403) return { ok: false, code: 'refused', reason: null, message: null };
  if (!response.ok) return { ok: false, code: 'failed' };
  const body = await parseAnswer(response, backupAnswerSchema);
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
    response = await fetchImpl(`/api/store?${orgQuery(orgId)}`, {
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
