import type { SyncStorage } from '../storage/sync-storage';

/**
 * A kiosk's roster choice (« proposer aussi les administrateurs »), set by a full administrator signed in on
 * the tablet (PUT /api/kiosk/options) and kept on the server, keyed by the kiosk's session (a new enrolment
 * starts again from "teachers only"). The PIN route and what the kiosk receives both follow it, never what
 * the tablet declares.
 */
export function kioskRosterSetting(kioskTokenHash: string): string {
  return `kiosk-lists-admins:${kioskTokenHash}`;
}

export async function kioskListsAdmins(storage: SyncStorage, kioskTokenHash: string): Promise<boolean> {
  return (await storage.settings.get(kioskRosterSetting(kioskTokenHash))) === '1';
}
