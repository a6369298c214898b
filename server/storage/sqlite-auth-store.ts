import type Database from 'better-sqlite3';
import type { ServerRecord } from '../../src/domain/sync/merge';
import { recordFromRow } from './record-rows';
import type { RateLimitStore, SessionRow, SessionStore } from './sync-storage';
import type { SettingsStore, UserLookup } from './user-index';

/**
 * Sessions and rate-limit counters on SQLite (tables of migration 4); server settings and the user lookup
 * index (migration 5).
 */

export interface SessionDbRow {
  token_hash: string;
  org_id: string;
  user_id: string;
  scope: string;
  device_id: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export function toSessionRow(r: SessionDbRow): SessionRow {
  return {
    tokenHash: r.token_hash,
    orgId: r.org_id,
    userId: r.user_id,
    scope: r.scope === 'kiosk' ? 'kiosk' : 'user',
    deviceId: r.device_id,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
  };
}

type Locked = <T>(fn: () => Promise<T>) => Promise<T>;

export interface UserRecordRow {
  record_id: string;
  rev: number | string;
  data: string;
  stamps: string;
}

export function toUserRecord(row: UserRecordRow): ServerRecord {
  return recordFromRow({ ...row, collection: 'users', deleted: false });
}

/** `?, ?, …` for an IN list of `count` values (SQLite). */
function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Writes one server setting (also in a batch's savepoint: sqlite-sync-storage.ts). */
export const SET_SETTING_SQL = `INSERT INTO server_settings (name, value) VALUES (?, ?)
  ON CONFLICT (name) DO UPDATE SET value = excluded.value`;

export function sqliteAuthStores(
  db: Database.Database,
  locked: Locked,
  /**
   * Runs a write in the storage's next group commit (sqlite-sync-storage.ts): a rate-limit or write-budget
   * count shares the COMMIT, and its fsync, of the batches around it instead of paying its own per request.
   * The answer still comes after the COMMIT. Alone by default.
   */
  grouped: <T>(fn: () => T) => Promise<T> = (fn) => locked(() => Promise.resolve(fn())),
): { sessions: SessionStore; rateLimits: RateLimitStore; settings: SettingsStore; userLookup: UserLookup } {
  const q = {
    insert: db.prepare(
      `INSERT INTO sessions (token_hash, org_id, user_id, scope, device_id, created_at, last_seen_at, expires_at,
         revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    find: db.prepare<[string], SessionDbRow>('SELECT * FROM sessions WHERE token_hash = ?'),
    touch: db.prepare<[string, string]>('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?'),
    revoke: db.prepare<[string, string]>(
      'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
    ),
    revokeUser: db.prepare<[string, string, string, string]>(
      `UPDATE sessions SET revoked_at = ? WHERE org_id = ? AND user_id = ? AND scope = 'user'
         AND revoked_at IS NULL AND token_hash <> ?`,
    ),
    kiosks: db.prepare<[string], SessionDbRow>(
      `SELECT * FROM sessions WHERE org_id = ? AND scope = 'kiosk' AND revoked_at IS NULL ORDER BY created_at`,
    ),
    purge: db.prepare<[string, string]>(
      'DELETE FROM sessions WHERE expires_at < ? OR (revoked_at IS NOT NULL AND revoked_at < ?)',
    ),
    hit: db.prepare<[string, number, number], { hits: number }>(
      `INSERT INTO rate_limits (bucket, window_start_ms, hits) VALUES (?, ?, ?)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_start_ms = excluded.window_start_ms
                     THEN rate_limits.hits + excluded.hits ELSE excluded.hits END,
         window_start_ms = excluded.window_start_ms
       RETURNING hits`,
    ),
    purgeLimits: db.prepare<[number]>('DELETE FROM rate_limits WHERE window_start_ms < ?'),
    getSetting: db.prepare<[string], { value: string }>('SELECT value FROM server_settings WHERE name = ?'),
    setSetting: db.prepare<[string, string]>(SET_SETTING_SQL),
    addSetting: db.prepare<[string, string]>(
      'INSERT INTO server_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
    ),
    swapSetting: db.prepare<[string, string, string]>(
      'UPDATE server_settings SET value = ? WHERE name = ? AND value = ?',
    ),
    byEmail: db.prepare<[string, string], UserRecordRow>(
      `SELECT r.record_id, r.rev, r.data, r.stamps FROM user_index u
       JOIN records r ON r.org_id = u.org_id AND r.collection = 'users' AND r.record_id = u.user_id
       WHERE u.org_id = ? AND u.email = ? AND r.deleted = 0 ORDER BY r.record_id LIMIT 20`,
    ),
    byToken: db.prepare<[string, string], UserRecordRow>(
      `SELECT r.record_id, r.rev, r.data, r.stamps FROM user_index u
       JOIN records r ON r.org_id = u.org_id AND r.collection = 'users' AND r.record_id = u.user_id
       WHERE u.org_id = ? AND u.reset_token_hash = ? AND r.deleted = 0 LIMIT 1`,
    ),
  };
  const run = <T>(fn: () => T): Promise<T> => locked(() => Promise.resolve(fn()));
  return {
    sessions: {
      create: (r) =>
        run(() => {
          q.insert.run(
            r.tokenHash,
            r.orgId,
            r.userId,
            r.scope,
            r.deviceId,
            r.createdAt,
            r.lastSeenAt,
            r.expiresAt,
            r.revokedAt,
          );
        }),
      find: (tokenHash) =>
        run(() => {
          const row = q.find.get(tokenHash);
          return row ? toSessionRow(row) : null;
        }),
      touch: (tokenHash, at) => run(() => void q.touch.run(at, tokenHash)),
      revoke: (tokenHash, at) => run(() => void q.revoke.run(at, tokenHash)),
      revokeUser: (orgId, userId, at, keep = '') =>
        run(() => q.revokeUser.run(at, orgId, userId, keep).changes),
      listKiosks: (orgId) => run(() => q.kiosks.all(orgId).map(toSessionRow)),
      purge: (before) => run(() => void q.purge.run(before, before)),
    },
    rateLimits: {
      hitEach: (list) =>
        grouped(() =>
          list.map(
            ({ bucket, windowStartMs, units }) => q.hit.get(bucket, windowStartMs, units)?.hits ?? units,
          ),
        ),
      purge: (beforeMs) => run(() => void q.purgeLimits.run(beforeMs)),
    },
    settings: {
      get: (name) => run(() => q.getSetting.get(name)?.value ?? null),
      getMany: (names) => run(() => names.map((name) => q.getSetting.get(name)?.value ?? null)),
      set: (name, value) => run(() => void q.setSetting.run(name, value)),
      // An exchange's contacts (device-contacts.ts): in the next group commit, not a COMMIT and an fsync each.
      setMany: (entries) =>
        grouped(() => {
          for (const [name, value] of entries) q.setSetting.run(name, value);
        }),
      replaceIf: (name, expected, value) =>
        run(
          () =>
            (expected === null ? q.addSetting.run(name, value) : q.swapSetting.run(value, name, expected))
              .changes > 0,
        ),
    },
    userLookup: {
      byEmail: (orgId, email) =>
        run(() => q.byEmail.all(orgId, email.trim().toLowerCase()).map(toUserRecord)),
      byResetTokenHash: (orgId, tokenHash) =>
        run(() => {
          const row = q.byToken.get(orgId, tokenHash);
          return row ? toUserRecord(row) : null;
        }),
      anyActiveWithProfile: (orgId, profileIds, { excludeEmergency }) =>
        run(() => {
          if (profileIds.length === 0) return false;
          const row = db
            .prepare(
              `SELECT 1 AS found FROM user_index WHERE org_id = ? AND status = 'Active'
               AND profile_id IN (${placeholders(profileIds.length)})${excludeEmergency ? ' AND is_emergency = 0' : ''}
               LIMIT 1`,
            )
            .get(orgId, ...profileIds);
          return row !== undefined;
        }),
    },
  };
}
