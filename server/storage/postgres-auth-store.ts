import type pg from 'pg';
import { toSessionRow, toUserRecord, type UserRecordRow } from './sqlite-auth-store';
import type { RateHit, RateLimitStore, SessionStore } from './sync-storage';
import type { SettingsStore, UserLookup } from './user-index';
import { prepared } from './pg-prepared';
import { coalesce } from './coalesce';
import { storageFailureOf } from './storage-failure';

/**
 * Bookkeeping rows that every request rewrites (a device's and a session's last contact, device-contacts.ts):
 * written through `bookkeeping`, whose connections commit without waiting for the disk.
 */
const BOOKKEEPING_SETTINGS = ['contact:'];
const throughOf = (name: string) => BOOKKEEPING_SETTINGS.some((prefix) => name.startsWith(prefix));

/**
 * Settings written once and never changed (a device id's owner, device-owners.ts: compare-and-set from
 * absent): a value read is kept in memory, so that each push does not read it again.
 */
const WRITE_ONCE_SETTINGS = ['device-owner:'];
const MAX_REMEMBERED = 10_000;

/**
 * Sessions and rate-limit counters on PostgreSQL (tables of migration 4), shared by every app server.
 *
 * `bookkeeping` (issue 31) is a pool whose connections commit with synchronous_commit off: the rate-limit
 * counters, a session's last-seen time and the last contacts are rewritten by nearly every request, many
 * of them on the same rows (one account, one session), and each such commit waiting for the disk while it
 * holds its row lock made them a queue of their own, longer than the organisation's write lock. Visible to
 * every server at once as before; a crash of PostgreSQL may lose the last fraction of a second of them (a
 * counter a few hits lower, a contact a moment older), never a record, a mutation or a session.
 */
export function postgresAuthStores(
  pool: pg.Pool,
  bookkeeping: pg.Pool = pool,
): {
  sessions: SessionStore;
  rateLimits: RateLimitStore;
  settings: SettingsStore;
  userLookup: UserLookup;
} {
  const remembered = new Map<string, string>();
  const remember = (name: string, value: string | null) => {
    if (value === null || !WRITE_ONCE_SETTINGS.some((prefix) => name.startsWith(prefix))) return;
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(name, value);
  };
  const bookkeepingCalls = bookkeepingQueue(bookkeeping);
  return {
    settings: {
      get: async (name) => {
        const known = remembered.get(name);
        if (known !== undefined) return known;
        const { rows } = await pool.query<{ value: string }>(
          'SELECT value FROM server_settings WHERE name = $1',
          [name],
        );
        const value = rows[0]?.value ?? null;
        remember(name, value);
        return value;
      },
      getMany: (names) => bookkeepingCalls.read(names),
      setMany: async (entries) => {
        if (entries.length === 0) return;
        // Bookkeeping names only go through the bookkeeping pool (all of them or none).
        const through = entries.every(([name]) => throughOf(name)) ? bookkeeping : pool;
        await through.query(
          prepared(
            `INSERT INTO server_settings (name, value) SELECT * FROM unnest($1::text[], $2::text[])
             ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
            [entries.map(([name]) => name), entries.map(([, value]) => value)],
          ),
        );
        for (const [name] of entries) remembered.delete(name);
      },
      set: async (name, value) => {
        remembered.delete(name);
        const through = throughOf(name) ? bookkeeping : pool;
        await through.query(
          `INSERT INTO server_settings (name, value) VALUES ($1, $2)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
          [name, value],
        );
      },
      replaceIf: async (name, expected, value) => {
        const result =
          expected === null
            ? await pool.query(
                'INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
                [name, value],
              )
            : await pool.query('UPDATE server_settings SET value = $1 WHERE name = $2 AND value = $3', [
                value,
                name,
                expected,
              ]);
        const wrote = (result.rowCount ?? 0) > 0;
        if (wrote) remember(name, value);
        else remembered.delete(name);
        return wrote;
      },
    },
    // Lookups through the user_index table (migration 5): indexed, never a scan of the organisation's users.
    userLookup: {
      byEmail: async (orgId, email) => {
        const { rows } = await pool.query<UserRecordRow>(
          `SELECT r.record_id, r.rev, r.data, r.stamps FROM user_index u
           JOIN records r ON r.org_id = u.org_id AND r.collection = 'users' AND r.record_id = u.user_id
           WHERE u.org_id = $1 AND u.email = $2 AND NOT r.deleted ORDER BY r.record_id LIMIT 20`,
          [orgId, email.trim().toLowerCase()],
        );
        return rows.map(toUserRecord);
      },
      byResetTokenHash: async (orgId, tokenHash) => {
        const { rows } = await pool.query<UserRecordRow>(
          `SELECT r.record_id, r.rev, r.data, r.stamps FROM user_index u
           JOIN records r ON r.org_id = u.org_id AND r.collection = 'users' AND r.record_id = u.user_id
           WHERE u.org_id = $1 AND u.reset_token_hash = $2 AND NOT r.deleted LIMIT 1`,
          [orgId, tokenHash],
        );
        return rows[0] ? toUserRecord(rows[0]) : null;
      },
      anyActiveWithProfile: async (orgId, profileIds, { excludeEmergency }) => {
        if (profileIds.length === 0) return false;
        const { rows } = await pool.query(
          `SELECT 1 FROM user_index WHERE org_id = $1 AND status = 'Active' AND profile_id = ANY($2::text[])
           ${excludeEmergency ? 'AND NOT is_emergency' : ''} LIMIT 1`,
          [orgId, [...profileIds]],
        );
        return rows.length > 0;
      },
    },
    sessions: {
      create: async (r) => {
        await pool.query(
          `INSERT INTO sessions (token_hash, org_id, user_id, scope, device_id, created_at, last_seen_at, expires_at,
             revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            r.tokenHash,
            r.orgId,
            r.userId,
            r.scope,
            r.deviceId,
            r.createdAt,
            r.lastSeenAt,
            r.expiresAt,
            r.revokedAt,
          ],
        );
      },
      find: async (tokenHash) => {
        const { rows } = await pool.query<Parameters<typeof toSessionRow>[0]>(
          'SELECT * FROM sessions WHERE token_hash = $1',
          [tokenHash],
        );
        return rows[0] ? toSessionRow(rows[0]) : null;
      },
      touch: async (tokenHash, at) => {
        await bookkeeping.query('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2', [
          at,
          tokenHash,
        ]);
      },
      revoke: async (tokenHash, at) => {
        await pool.query('UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL', [
          at,
          tokenHash,
        ]);
      },
      revokeUser: async (orgId, userId, at, keep = '') => {
        const result = await pool.query(
          `UPDATE sessions SET revoked_at = $1 WHERE org_id = $2 AND user_id = $3 AND scope = 'user'
             AND revoked_at IS NULL AND token_hash <> $4`,
          [at, orgId, userId, keep],
        );
        return result.rowCount ?? 0;
      },
      listKiosks: async (orgId) => {
        const { rows } = await pool.query<Parameters<typeof toSessionRow>[0]>(
          `SELECT * FROM sessions WHERE org_id = $1 AND scope = 'kiosk' AND revoked_at IS NULL ORDER BY created_at`,
          [orgId],
        );
        return rows.map(toSessionRow);
      },
      purge: async (before) => {
        await pool.query(
          'DELETE FROM sessions WHERE expires_at < $1 OR (revoked_at IS NOT NULL AND revoked_at < $1)',
          [before],
        );
      },
    },
    rateLimits: {
      hitEach: (list) => (list.length === 0 ? Promise.resolve([]) : bookkeepingCalls.hit(list)),
      purge: async (beforeMs) => {
        await pool.query('DELETE FROM rate_limits WHERE window_start_ms < $1', [beforeMs]);
      },
    },
  };
}

/** One call of the bookkeeping queue: a count of rate-limit buckets, or a read of settings. */
export type BookkeepingCall = { hit: readonly RateHit[] } | { read: readonly string[] };

/**
 * The CTE `counted` (bucket, hits): each bucket of the array parameters `buckets`, `windows` and `units`
 * counted in its row (a new window restarts at its units), as BOOKKEEPING_SQL and the group's first read
 * (postgres-write-group.ts) count them.
 */
export function countedRows(buckets: string, windows: string, units: string): string {
  return `counted AS (
    INSERT INTO rate_limits (bucket, window_start_ms, hits)
    SELECT * FROM unnest(${buckets}::text[], ${windows}::bigint[], ${units}::int[])
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start_ms = excluded.window_start_ms
                  THEN rate_limits.hits + excluded.hits ELSE excluded.hits END,
      window_start_ms = excluded.window_start_ms
    RETURNING bucket, hits)`;
}

/**
 * Counts every bucket given and reads the settings named, in one statement: the counters' upsert (each
 * bucket once: ON CONFLICT touches a row once per statement), then the settings as they were before it.
 */
export const BOOKKEEPING_SQL = `WITH ${countedRows('$2', '$3', '$4')}
  SELECT true AS hit, bucket AS name, hits::text AS value FROM counted
  UNION ALL
  SELECT false, name, value FROM server_settings WHERE name = ANY($1::text[])`;

/**
 * The calls of one run, cut where a bucket comes back with another window (a minute turned between two
 * calls): within a part each bucket has one window, so the part's calls add up in one row.
 */
export function partsOf(calls: readonly BookkeepingCall[]): BookkeepingCall[][] {
  const parts: BookkeepingCall[][] = [];
  let part: BookkeepingCall[] = [];
  let windows = new Map<string, number>();
  for (const call of calls) {
    const clash =
      'hit' in call && call.hit.some((h) => (windows.get(h.bucket) ?? h.windowStartMs) !== h.windowStartMs);
    if (clash) {
      parts.push(part);
      part = [];
      windows = new Map();
    }
    if ('hit' in call) for (const h of call.hit) windows.set(h.bucket, h.windowStartMs);
    part.push(call);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** A row of BOOKKEEPING_SQL: a bucket's count after the statement (hit) or a setting's value. */
export interface BookkeepingRow {
  hit: boolean;
  name: string;
  value: string | null;
}

/**
 * The arrays of one part's statement (partsOf): the names read, then each bucket counted once with the sum of
 * its calls' units ($1 … $4 of BOOKKEEPING_SQL).
 */
export function bookkeepingParams(
  calls: readonly BookkeepingCall[],
): [string[], string[], number[], number[]] {
  const units = new Map<string, { windowStartMs: number; units: number }>();
  const names = new Set<string>();
  for (const call of calls) {
    if ('read' in call) for (const name of call.read) names.add(name);
    else
      for (const h of call.hit) {
        const sum = units.get(h.bucket);
        if (sum) sum.units += h.units;
        else units.set(h.bucket, { windowStartMs: h.windowStartMs, units: h.units });
      }
  }
  const buckets = [...units.keys()].sort(); // one order: two statements lock shared rows alike
  return [
    [...names],
    buckets,
    buckets.map((b) => units.get(b)?.windowStartMs ?? 0),
    buckets.map((b) => units.get(b)?.units ?? 0),
  ];
}

/**
 * Each call's answer from the rows of its part's statement: a bucket's count after the statement, less the
 * units of the calls after it (each call hears the count it would have heard alone, in the order the calls
 * arrived); a setting's value, null when absent.
 */
export function bookkeepingAnswers(
  calls: readonly BookkeepingCall[],
  rows: readonly BookkeepingRow[],
): (number[] | (string | null)[])[] {
  const counts = new Map<string, number>();
  const values = new Map<string, string | null>();
  for (const row of rows) {
    if (row.hit) counts.set(row.name, Number(row.value));
    else values.set(row.name, row.value);
  }
  const later = new Map<string, number>();
  const answers: (number[] | (string | null)[])[] = [];
  for (let i = calls.length - 1; i >= 0; i -= 1) {
    const call = calls[i] as BookkeepingCall;
    if ('read' in call) {
      answers[i] = call.read.map((name) => values.get(name) ?? null);
      continue;
    }
    answers[i] = call.hit.map((h) => (counts.get(h.bucket) ?? h.units) - (later.get(h.bucket) ?? 0));
    for (const h of call.hit) later.set(h.bucket, (later.get(h.bucket) ?? 0) + h.units);
  }
  return answers;
}

/**
 * The rate-limit counts and settings reads of a server's requests (issue 31). Every push counts its write
 * budget and reads its device's last contacts (sync-service.ts), every sign-in attempt counts its buckets:
 * one statement each was the most frequent statement of the server (one per request, on the same few rows).
 * The calls that arrive while one statement runs now go together in the next (coalesce.ts), on the
 * bookkeeping pool: a bucket counted by several calls is written once with their sum, and each call hears the
 * count it would have heard alone, in the order the calls arrived (the count before the statement, plus the
 * units of the calls before it and its own). A failed statement fails the calls it carried, and only those.
 */
function bookkeepingQueue(bookkeeping: pg.Pool): {
  hit: (list: readonly RateHit[]) => Promise<number[]>;
  read: (names: readonly string[]) => Promise<(string | null)[]>;
} {
  const runPart = async (calls: readonly BookkeepingCall[]): Promise<(number[] | (string | null)[])[]> => {
    const { rows } = await bookkeeping.query<BookkeepingRow>(
      prepared(BOOKKEEPING_SQL, bookkeepingParams(calls)),
    );
    return bookkeepingAnswers(calls, rows);
  };
  // A statement that fails for a reason of its own (a value PostgreSQL refuses, e.g. a NUL character in an
  // address someone typed) is run again call by call: only that call fails, never its neighbours'.
  const queued = coalesce<BookkeepingCall, number[] | (string | null)[]>(
    async (calls) => {
      const answers: (number[] | (string | null)[])[] = [];
      for (const part of partsOf(calls)) answers.push(...(await runPart(part)));
      return answers;
    },
    256,
    (error) => !storageFailureOf(error),
  );
  return {
    hit: (list) => queued({ hit: list }) as Promise<number[]>,
    read: (names) => queued({ read: names }) as Promise<(string | null)[]>,
  };
}
