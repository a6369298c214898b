import type { Authenticated } from './auth/sessions';
import type { SyncStorage } from './storage/sync-storage';

/**
 * Whose device a `clientId` is (issue 34). Merge rule 2 takes an edit from the device that wrote a field last
 * as causally newer (never concurrent), and trusted time counts a device's last contact: both trust the id a
 * device names itself by. The first session to push with an id owns it; another person's push with the same
 * id (copied, or a phone shared by two people) is merged as coming from a device of its own, so its edits are
 * concurrent with the owner's (kept by time and logged as conflicts) instead of silently overwriting them.
 * Kept in the server-wide settings table, so every server of the database sees the same owner.
 */

const ownerKey = (orgId: string, clientId: string) => `device-owner:${orgId}:${clientId}`;

/** The person a session pushes for: the signed-in user, or the kiosk credential itself. */
export function pusherOf(auth: Authenticated): string {
  return auth.user ? `user:${auth.user.id}` : `kiosk:${auth.session.tokenHash}`;
}

/** The writer id the merge and the contact rule use for this push: the device's own id for its owner. */
export async function writerIdOf(
  storage: SyncStorage,
  orgId: string,
  clientId: string,
  pusher: string,
): Promise<string> {
  const key = ownerKey(orgId, clientId);
  let owner = await storage.settings.get(key);
  // Compare-and-set: two first pushes at once (two servers) leave one owner.
  if (owner === null && !(await storage.settings.replaceIf(key, null, pusher)))
    owner = await storage.settings.get(key);
  return owner === null || owner === pusher ? clientId : `${clientId}~${pusher}`;
}
