/**
 * Whether the login screen offers the emergency administrator area by itself (spec part 1 point 4: "shown
 * when no super admin is detected"; `?emergency=1` is the person's own request and is not decided here).
 *
 * Only the server can detect that an organisation has no active administrator: it sees every user and it is
 * the one that promotes (the area can do nothing without it). So the area is offered only once the server
 * has answered that this school truly has none; without an answer (offline, server error) it is not offered
 * from the device's copy, which may be empty for reasons that have nothing to do with the school.
 *
 * Issue 31 item 7: a device whose database vanished is never a school without administrators. `storage`:
 * - 'intact': the database is the one this page started with (or a genuine new install);
 * - 'vanished': the browser deleted the database while the page was open (an empty one replaced it);
 * - 'replaced': this start found the database emptied since the last visit, with changes lost (the notice
 *   says so); its school may be unknown, so the server's answer may be about another organisation.
 */
export type StorageState = 'intact' | 'vanished' | 'replaced';

export interface EmergencyOfferInput {
  /** GET /api/org-status for the device's school; null when the server could not be asked. */
  server: { needsEmergency: boolean } | null;
  storage: StorageState;
}

export function offersEmergencyArea(input: EmergencyOfferInput): boolean {
  if (input.storage !== 'intact') return false;
  return input.server?.needsEmergency === true;
}
