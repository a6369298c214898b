import type { ServerRecord } from '../../src/domain/sync/merge';
import type { RateLimitStore, SessionRow, SessionStore } from './sync-storage';
import { normalisedEmail, userIndexRow, type SettingsStore, type UserLookup } from './user-index';

/**
 * In-memory sessions, counters, settings and user lookups, for the memory storage used by property tests
 * (lookups scan: `liveUsers` gives the organisation's live user records).
 */
export function memoryAuthStores(liveUsers: (orgId: string) => ServerRecord[] = () => []): {
  sessions: SessionStore;
  rateLimits: RateLimitStore;
  settings: SettingsStore;
  userLookup: UserLookup;
} {
  const settings = new Map<string, string>();
  const rows = (orgId: string) =>
    liveUsers(orgId).flatMap((record) => {
      const row = userIndexRow(record);
      return row ? [{ row, record: structuredClone(record) }] : [];
    });
  const sessions = new Map<string, SessionRow>();
  const limits = new Map<string, { windowStartMs: number; hits: number }>();
  return {
    settings: {
      get: (name) => Promise.resolve(settings.get(name) ?? null),
      getMany: (names) => Promise.resolve(names.map((name) => settings.get(name) ?? null)),
      set: (name, value) => Promise.resolve(void settings.set(name, value)),
      replaceIf: (name, expected, value) => {
        if ((settings.get(name) ?? null) !== expected) return Promise.resolve(false);
        settings.set(name, value);
        return Promise.resolve(true);
      },
    },
    userLookup: {
      byEmail: (orgId, email) =>
        Promise.resolve(
          rows(orgId)
            .filter((r) => r.row.email === normalisedEmail(email))
            .map((r) => r.record),
        ),
      byResetTokenHash: (orgId, tokenHash) =>
        Promise.resolve(rows(orgId).find((r) => r.row.resetTokenHash === tokenHash)?.record ?? null),
      anyActiveWithProfile: (orgId, profileIds, { excludeEmergency }) =>
        Promise.resolve(
          rows(orgId).some(
            (r) =>
              r.row.status === 'Active' &&
              profileIds.includes(r.row.profileId) &&
              !(excludeEmergency && r.row.isEmergency),
          ),
        ),
    },
    sessions: {
      create: (r) => Promise.resolve(void sessions.set(r.tokenHash, { ...r })),
      find: (tokenHash) => Promise.resolve(sessions.has(tokenHash) ? { ...sessions.get(tokenHash)! } : null),
      touch: (tokenHash, at) => {
        const row = sessions.get(tokenHash);
        if (row) row.lastSeenAt = at;
        return Promise.resolve();
      },
      revoke: (tokenHash, at) => {
        const row = sessions.get(tokenHash);
        if (row && !row.revokedAt) row.revokedAt = at;
        return Promise.resolve();
      },
      revokeUser: (orgId, userId, at, keep = '') => {
        let count = 0;
        for (const row of sessions.values()) {
          if (row.orgId !== orgId || row.userId !== userId || row.scope !== 'user') continue;
          if (row.revokedAt || row.tokenHash === keep) continue;
          row.revokedAt = at;
          count += 1;
        }
        return Promise.resolve(count);
      },
      listKiosks: (orgId) =>
        Promise.resolve(
          [...sessions.values()].filter((r) => r.orgId === orgId && r.scope === 'kiosk' && !r.revokedAt),
        ),
      purge: (before) => {
        for (const [key, row] of sessions)
          if (row.expiresAt < before || (row.revokedAt && row.revokedAt < before)) sessions.delete(key);
        return Promise.resolve();
      },
    },
    rateLimits: {
      hitEach: (list) =>
        Promise.resolve(
          list.map(({ bucket, windowStartMs, units }) => {
            const current = limits.get(bucket);
            const hits = current && current.windowStartMs === windowStartMs ? current.hits + units : units;
            limits.set(bucket, { windowStartMs, hits });
            return hits;
          }),
        ),
      purge: (beforeMs) => {
        for (const [key, value] of limits) if (value.windowStartMs < beforeMs) limits.delete(key);
        return Promise.resolve();
      },
    },
  };
}
