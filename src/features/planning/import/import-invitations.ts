import { requestTemporaryPassword } from '../../../api/credentials';
import { browserFetch, type FetchLike } from '../../../api/http';
import type { AppDatabase } from '../../../db/database';
import { getMeta } from '../../../db/meta';

/** One teacher created by an import, with the invitation made for them (null: not made, `failed` says why). */
export interface ImportInvitation {
  userId: string;
  name: string;
  email: string;
  password: string | null;
}

/**
 * The invitations of the teachers an import created (issue 29: no shared initial password): the import is
 * sent first (the server must hold the accounts), then the server makes each one-time password (72 hours),
 * shown once in the import's summary. A teacher whose invitation cannot be made (offline, or an importer who
 * may not manage that account) keeps `password: null`: /users lists them for an administrator.
 */
export async function createImportInvitations(
  db: AppDatabase,
  userIds: readonly string[],
  onProgress: (done: number) => void,
  fetchImpl: FetchLike = browserFetch,
): Promise<ImportInvitation[]> {
  const orgId = await getMeta(db, 'orgId');
  const { syncNow } = await import('../../../sync/remote-store');
  await syncNow(db, fetchImpl);
  const out: ImportInvitation[] = [];
  for (const userId of userIds) {
    const user = await db.users.get(userId);
    if (!user || user.status === 'Archived') continue;
    let answer = await requestTemporaryPassword(fetchImpl, orgId, userId);
    // Not on the server yet (404): send what waits, once more.
    if (!answer.ok && answer.code === 'failed') {
      await syncNow(db, fetchImpl);
      answer = await requestTemporaryPassword(fetchImpl, orgId, userId);
    }
    out.push({ userId, name: user.name, email: user.email, password: answer.ok ? answer.value : null });
    onProgress(out.length);
  }
  return out;
}
