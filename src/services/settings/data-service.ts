import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { prepareStore, toStoreV1 } from '../../db/store-io';
import type { MigrationContext } from '../../domain/store/migrate';
import { COLLECTION_NAMES, type StoreV1 } from '../../domain/store/schema';
import {
  absentIds,
  isImportTooBig,
  parseImportText,
  replacementSummary,
  withoutClearSecrets,
  type RecordIds,
  type ReplacementRow,
} from '../../domain/settings/store-file';
import { getMeta } from '../../db/meta';
import { duplicateEmails } from '../../domain/users/user-rights';
import { fetchServerBackup, restoreOnServer } from '../../api/backup';
import type { FetchLike } from '../../sync/outbox-push';
import { loadRemoteStore, syncNow } from '../../sync/remote-store';
import { browserFetch } from '../../api/http';
import { describeShapeIssues, type ShapeIssues } from './import-issues';

/** The v1 document of the whole organisation, without device state and without any clear secret. */
export async function exportStoreJson(db: AppDatabase): Promise<string> {
  const store = await toStoreV1(db, { deviceState: false });
  return JSON.stringify(withoutClearSecrets(store), null, 2);
}

/**
 * The export of the Données screen (spec part 1 point 2). Online it is the server's backup, with every
 * user's password and PIN hashes, so that a restore keeps everyone's password; offline, the device's own
 * copy, which holds other users' records without their hashes (`complete: false`: the screen says so).
 */
export async function exportBackupJson(
  db: AppDatabase,
  fetchImpl: FetchLike = browserFetch,
): Promise<{ json: string; complete: true } | { json: string; complete: false; why: 'offline' | 'refused' }> {
  // This device's unsent edits first (a setting saved a second ago), so the server's backup holds them.
  await syncNow(db, fetchImpl).catch(() => 'failed');
  const backup = await fetchServerBackup(fetchImpl, await getMeta(db, 'orgId'));
  if (backup.ok) return { json: JSON.stringify(withoutClearSecrets(backup.value), null, 2), complete: true };
  // Refused: the server keeps every hash for a session that could grant every profile (access/rules.ts).
  if (backup.code !== 'offline' && backup.code !== 'refused') throw new Error(`backup: ${backup.code}`);
  return { json: await exportStoreJson(db), complete: false, why: backup.code };
}

/** The server refused a restore: the session could not grant every profile of the organisation or the file. */
export class RestoreRefusedError extends Error {
  constructor() {
    super('restore: refused');
    this.name = 'RestoreRefusedError';
  }
}

export async function currentRecordIds(db: AppDatabase): Promise<RecordIds> {
  const ids = {} as Record<keyof RecordIds, string[]>;
  for (const name of COLLECTION_NAMES) ids[name] = (await db[name].toCollection().primaryKeys()).map(String);
  return ids;
}

export type ImportCheck =
  | { ok: true; store: StoreV1; summary: ReplacementRow[] }
  | { ok: false; code: 'too-big' | 'unreadable-json' | 'missing-keys' }
  | { ok: false; code: 'duplicate-emails'; emails: string[] }
  | { ok: false; code: 'invalid-shape'; issues: ShapeIssues };

/** The text of a chosen file, as read by the browser (File.text) only once its size has been checked. */
export interface ImportSource {
  size: number;
  text: () => Promise<string>;
}

/**
 * Reads, validates and migrates a file without writing anything: the screen shows the summary and asks
 * for confirmation before `applyImport`.
 */
export async function checkImportFile(
  db: AppDatabase,
  file: ImportSource,
  context?: MigrationContext,
): Promise<ImportCheck> {
  if (isImportTooBig(file.size)) return { ok: false, code: 'too-big' };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, code: 'unreadable-json' };
  }
  const parsed = parseImportText(text);
  if (!parsed.ok) return parsed;
  const prepared = await prepareStore(parsed.json, context);
  if (!prepared.ok) {
    if (prepared.code === 'missing-keys') return { ok: false, code: 'missing-keys' };
    return { ok: false, code: 'invalid-shape', issues: describeShapeIssues(parsed.json) };
  }
  // E-mails are unique per organisation, case ignored (the server refuses such a file too).
  const emails = duplicateEmails(prepared.store.users);
  if (emails.length > 0) return { ok: false, code: 'duplicate-emails', emails };
  const summary = replacementSummary(await currentRecordIds(db), prepared.store);
  return { ok: true, store: prepared.store, summary };
}

/**
 * Replaces the organisation's data by the file's, in one transaction: every record of the file is put (the
 * writer skips unchanged ones) and every local record absent from it is removed, each with its outbox
 * mutation, so that the server receives the import as ordinary edits. Any failure rolls everything back.
 */
export async function applyImport(
  db: AppDatabase,
  store: StoreV1,
  fetchImpl: FetchLike = browserFetch,
): Promise<void> {
  // Online, the server restores the file (hashes and journal included, as the Données right allows) and the
  // device then takes the server's copy; pending edits leave first so that they do not land on top of it.
  await syncNow(db, fetchImpl).catch(() => 'failed');
  const restored = await restoreOnServer(fetchImpl, await getMeta(db, 'orgId'), store);
  if (restored === 'ok') {
    if ((await loadRemoteStore(db, fetchImpl)) !== 'replaced') throw new Error('reload failed');
    return;
  }
  if (restored === 'refused') throw new RestoreRefusedError();
  if (restored !== 'offline') throw new Error(`restore: ${restored}`);
  // Offline: the device applies the file as edits, pushed later under the rules (what they refuse, such as
  // other users' hashes, is undone and counted among the refused changes).
  await writeBatch(db, async (writer) => {
    const removals = absentIds(await currentRecordIds(db), store);
    for (const { collection, id } of removals) await writer.remove(collection, id);
    for (const name of COLLECTION_NAMES) {
      for (const record of store[name]) await writer.put(name, record);
    }
  });
}
