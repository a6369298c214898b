import { serverEmergencyPromote } from '../../api/emergency';
import { browserFetch, type FetchLike } from '../../api/http';
import { fetchOrgStatus } from '../../api/session';
import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { isResetEmailValid } from '../../domain/auth/password';

export type EmergencyResult =
  | { ok: true; created: boolean }
  | { ok: false; code: 'invalid-email' | 'setup-code' | 'refused' | 'offline' | 'rate-limited' };

/**
 * Promote an e-mail to active Super Admin (spec part 1 point 4), done by the server: only it knows whether an
 * active administrator exists. Only the owner of the server may do it (or create a new school): the setup
 * code printed in the server's terminal goes with the request. A school that does not exist yet on the server
 * is first created from this device's defaults, with the same code.
 */
export async function promoteEmergencyAdmin(
  db: AppDatabase,
  input: { email: string; setupCode: string },
  fetchImpl: FetchLike = browserFetch,
): Promise<EmergencyResult> {
  const email = input.email.trim();
  if (!isResetEmailValid(email)) return { ok: false, code: 'invalid-email' };
  const setupCode = input.setupCode.trim();
  if (setupCode === '') return { ok: false, code: 'setup-code' };
  const orgId = await getMeta(db, 'orgId');
  const status = await fetchOrgStatus(fetchImpl, orgId);
  if (!status) return { ok: false, code: 'offline' };
  if (!status.initialised) {
    // Loaded on demand: the remote store (and the sync engine behind it) stays out of the login bundle.
    const [{ seedServer }, { ensureInitialised }] = await Promise.all([
      import('../../sync/remote-store'),
      import('../../db/store-io'),
    ]);
    // The start may not have written the defaults yet (its own check of the organisation still running):
    // the school is created with them, never empty (issue 29, item 7; the server adds them too).
    await ensureInitialised(db);
    const seeded = await seedServer(db, fetchImpl, setupCode);
    if (seeded === 'setup-code') return { ok: false, code: 'setup-code' };
    if (seeded === 'rate-limited') return { ok: false, code: 'rate-limited' };
    if (seeded !== 'ok') return { ok: false, code: 'offline' };
  }
  return serverEmergencyPromote(fetchImpl, { orgId, email, setupCode });
}
