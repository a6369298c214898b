import type { LastContacts } from '../../src/domain/attendance/trust';
import { CLIENT_BATCH_SIZE } from '../../src/domain/sync/protocol';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * When each session and each device id last talked to the server (trusted time's contact rule,
 * domain/attendance/trust.contactVerdict), kept in the server-wide settings table so that every server of
 * the database sees the same values. A contact is an exchange (POST /api/mutations: every sync of the app,
 * periodic ones included, starts with one). A full batch (CLIENT_BATCH_SIZE mutations or more) is not
 * recorded: its device is draining a long outbox whose next batches hold logs older than this request.
 */

const sessionKey = (orgId: string, tokenHash: string) => `contact:${orgId}:session:${tokenHash}`;
const deviceKey = (orgId: string, clientId: string) => `contact:${orgId}:device:${clientId}`;

function msOf(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** The settings that hold a session's and a device's last contacts, in the order contactsOf reads them. */
export function contactNames(orgId: string, tokenHash: string, clientId: string): [string, string] {
  return [sessionKey(orgId, tokenHash), deviceKey(orgId, clientId)];
}

/** The last contacts from the values of contactNames (null: never seen). */
export function contactsOf(values: readonly (string | null)[], session: { createdAt: string }): LastContacts {
  const [sessionAt = null, deviceAt = null] = values;
  return { sessionMs: msOf(sessionAt), deviceMs: msOf(deviceAt), sessionCreatedMs: msOf(session.createdAt) };
}

/** The settings that record an exchange started at `at` (none for a full batch). */
export function contactEntries(
  orgId: string,
  tokenHash: string,
  clientId: string,
  at: Date,
  mutationCount: number,
): (readonly [string, string])[] {
  if (mutationCount >= CLIENT_BATCH_SIZE) return [];
  const iso = at.toISOString();
  return [
    [sessionKey(orgId, tokenHash), iso],
    [deviceKey(orgId, clientId), iso],
  ];
}

/** Records an exchange that started at `at` (the server's clock when it received the request). */
export async function recordContact(
  storage: SyncStorage,
  orgId: string,
  tokenHash: string,
  clientId: string,
  at: Date,
  mutationCount: number,
): Promise<void> {
  const entries = contactEntries(orgId, tokenHash, clientId, at, mutationCount);
  if (entries.length === 0) return;
  // One statement where the storage can (PostgreSQL).
  if (storage.settings.setMany) await storage.settings.setMany(entries);
  else for (const [name, value] of entries) await storage.settings.set(name, value);
}
