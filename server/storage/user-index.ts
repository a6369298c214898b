import type { ServerRecord } from '../../src/domain/sync/merge';

/**
 * The columns of table `user_index` (migration 5): what the anonymous routes look a user up by, kept in the
 * same transaction as the user record (putRecord), so that sign-in, reset and org-status never scan the
 * users of an organisation (a stranger's request must cost the same on 10 users as on 5,000).
 */
export interface UserIndexRow {
  userId: string;
  /** Trimmed and lower-cased, as findByEmail compares. */
  email: string;
  status: string;
  profileId: string;
  isEmergency: boolean;
  resetTokenHash: string | null;
}

export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The index row of a user record; null when the record is a tombstone (the row goes). */
export function userIndexRow(record: ServerRecord): UserIndexRow | null {
  if (record.collection !== 'users' || record.deleted) return null;
  const d = record.data;
  return {
    userId: record.id,
    email: typeof d.email === 'string' ? normalisedEmail(d.email) : '',
    status: typeof d.status === 'string' ? d.status : '',
    profileId: typeof d.profileId === 'string' ? d.profileId : '',
    isEmergency: d.isEmergency === true,
    resetTokenHash: typeof d.passwordResetTokenHash === 'string' ? d.passwordResetTokenHash : null,
  };
}

/** Lookups that stay O(1) in an organisation's size (indexed), on every engine. */
export interface UserLookup {
  /** Live user records whose e-mail is `email` (any case); several only when duplicates exist. */
  byEmail(orgId: string, email: string): Promise<ServerRecord[]>;
  /** The live user whose stored reset-token hash is `tokenHash`. */
  byResetTokenHash(orgId: string, tokenHash: string): Promise<ServerRecord | null>;
  /** Whether an active user holds one of `profileIds` (emergency accounts left out when asked). */
  anyActiveWithProfile(
    orgId: string,
    profileIds: readonly string[],
    options: { excludeEmergency: boolean },
  ): Promise<boolean>;
}

/** Server-wide values (the setup code's hash), shared by every app server on the database. */
export interface SettingsStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  /**
   * Compare-and-set: writes `value` only while the stored value is `expected` (null: absent); true when it
   * wrote. Two servers starting together keep one setup code, never each their own.
   */
  replaceIf(name: string, expected: string | null, value: string): Promise<boolean>;
  /** Several values at once (one round trip, or one turn of SQLite's lock), in the order of `names`. */
  getMany(names: readonly string[]): Promise<(string | null)[]>;
  /** Optional: several values written together (distinct names): one round trip, or SQLite's next group commit. */
  setMany?(entries: readonly (readonly [string, string])[]): Promise<void>;
}
