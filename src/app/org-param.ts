import type { AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';

const ORG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `?org=<id>` on the first visit of a fresh device chooses the organisation it belongs to (default `demo`).
 * A device that already holds data keeps its organisation: switching would mix two schools' data.
 */
export async function applyOrgFromUrl(db: AppDatabase, search: string): Promise<void> {
  const org = new URLSearchParams(search).get('org');
  if (!org || !ORG_PATTERN.test(org)) return;
  if ((await getMeta(db, 'orgId')) === org) return;
  if ((await db.users.count()) > 0) return;
  await setMeta(db, 'orgId', org);
}
