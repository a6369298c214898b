import type pg from 'pg';
import { toSessionRow, toUserRecord, type UserRecordRow } from './sqlite-auth-store';
import type { RateHit, RateLimitStore, SessionStore } from './sync-storage';
import type { SettingsStore, UserLookup } from './user-index';
import { prepared } from './pg-prepared';

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
  const fused = fusedHitAndRead(pool, bookkeeping);
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
      getMany: (names) => fused.read(names),
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
      hitEach: (list) => (list.length === 0 ? Promise.resolve([]) : fused.hit(list)),
      purge: async (beforeMs) => {
        await pool.query('DELETE FROM rate_limits WHERE window_start_ms < $1', [beforeMs]);
      },
    },
  };
}

type Settle<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type HitCall = { list: readonly RateHit[] } & Settle<number[]>;
type ReadCall = { names: readonly string[] } & Settle<(string | null)[]>;

/** Counts every bucket of `list` in one statement (distinct buckets: ON CONFLICT touches each row once). */
function hitSql(list: readonly RateHit[], first: number): { text: string; values: unknown[] } {
  const values = list.map(
    (_, i) => `($${first + 3 * i}, $${first + 3 * i + 1}::bigint, $${first + 3 * i + 2}::int)`,
  );
  return {
    text: `INSERT INTO rate_limits (bucket, window_start_ms, hits) VALUES ${values.join(', ')}
           ON CONFLICT (bucket) DO UPDATE SET
             hits = CASE WHEN rate_limits.window_start_ms = excluded.window_start_ms
                         THEN rate_limits.hits + excluded.hits ELSE excluded.hits END,
             window_start_ms = excluded.window_start_ms
           RETURNING bucket, hits`,
    values: list.flatMap((h) => [h.bucket, h.windowStartMs, h.units]),
  };
}

const countsOf = (list: readonly RateHit[], rows: readonly { name: string; value: string | null }[]) => {
  const byBucket = new Map(rows.map((r) => [r.name, Number(r.value)]));
  return list.map((h) => byBucket.get(h.bucket) ?? h.units);
};

const valuesOf = (names: readonly string[], rows: readonly { name: string; value: string | null }[]) => {
  const byName = new Map(rows.map((r) => [r.name, r.value]));
  return names.map((name) => byName.get(name) ?? null);
};

/**
 * A push counts its write budget (rateLimits.hitEach) and reads its device's last contacts
 * (settings.getMany) at once (sync-service.ts: both asked in the same tick). Issue 31: on PostgreSQL the two
 * go as ONE statement (a CTE: the counters' upsert, then the settings read) on the bookkeeping pool, one
 * round trip and one connection instead of two. A count or a read asked alone, or a second one in the same
 * tick, runs as before. Each caller gets exactly its own answer; a failed statement fails both callers.
 */
function fusedHitAndRead(
  pool: pg.Pool,
  bookkeeping: pg.Pool,
): {
  hit: (list: readonly RateHit[]) => Promise<number[]>;
  read: (names: readonly string[]) => Promise<(string | null)[]>;
} {
  let open: { hit?: HitCall; read?: ReadCall } | null = null;

  const runHit = async (list: readonly RateHit[]) => {
    const { text, values } = hitSql(list, 1);
    const { rows } = await bookkeeping.query<{ bucket: string; hits: number }>(prepared(text, values));
    return countsOf(
      list,
      rows.map((r) => ({ name: r.bucket, value: String(r.hits) })),
    );
  };
  const runRead = async (names: readonly string[]) => {
    const { rows } = await pool.query<{ name: string; value: string }>(
      'SELECT name, value FROM server_settings WHERE name = ANY($1::text[])',
      [[...names]],
    );
    return valuesOf(names, rows);
  };
  const runBoth = async (hit: HitCall, read: ReadCall) => {
    try {
      const { text, values } = hitSql(hit.list, 2);
      // The settings read sees the rows as they were before the statement: the contacts read here are
      // never the counters' (other names), so it reads exactly what a separate SELECT would.
      const { rows } = await bookkeeping.query<{ hit: boolean; name: string; value: string | null }>(
        prepared(
          `WITH counted AS (${text})
           SELECT true AS hit, bucket AS name, hits::text AS value FROM counted
           UNION ALL
           SELECT false, name, value FROM server_settings WHERE name = ANY($1::text[])`,
          [[...read.names], ...values],
        ),
      );
      hit.resolve(
        countsOf(
          hit.list,
          rows.filter((r) => r.hit),
        ),
      );
      read.resolve(
        valuesOf(
          read.names,
          rows.filter((r) => !r.hit),
        ),
      );
    } catch (error) {
      hit.reject(error);
      read.reject(error);
    }
  };
  const flush = (calls: { hit?: HitCall; read?: ReadCall }) => {
    const { hit, read } = calls;
    if (hit && read) void runBoth(hit, read);
    else if (hit) runHit(hit.list).then(hit.resolve, hit.reject);
    else if (read) runRead(read.names).then(read.resolve, read.reject);
  };
  /** The pair of this tick (sent once the caller's synchronous code has asked both). */
  const slot = () => {
    if (open) return open;
    const calls: { hit?: HitCall; read?: ReadCall } = {};
    open = calls;
    queueMicrotask(() => {
      if (open === calls) open = null;
      flush(calls);
    });
    return calls;
  };
  return {
    hit: (list) => {
      const calls = slot();
      if (calls.hit) return runHit(list);
      return new Promise((resolve, reject) => {
        calls.hit = { list, resolve, reject };
      });
    },
    read: (names) => {
      const calls = slot();
      if (calls.read) return runRead(names);
      return new Promise((resolve, reject) => {
        calls.read = { names, resolve, reject };
      });
    },
  };
}
