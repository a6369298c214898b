import { describe, expect, it } from 'vitest';
import {
  KIOSK_ABSOLUTE_MS,
  KIOSK_IDLE_MS,
  RATE_WINDOW_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  absoluteExpiry,
  isWithinLimit,
  retryAfterSeconds,
  sessionState,
  shouldTouch,
  windowStart,
  type SessionScope,
} from '../../src/domain/auth/session-policy';

const T0 = Date.UTC(2026, 10, 21, 8, 0);
const DAY = 24 * 3_600_000;

function session(scope: SessionScope, lastSeenMs: number, revokedAt: string | null = null) {
  return {
    scope,
    createdAt: new Date(T0).toISOString(),
    lastSeenAt: new Date(lastSeenMs).toISOString(),
    expiresAt: absoluteExpiry(scope, new Date(T0)).toISOString(),
    revokedAt,
  };
}

describe('session lifetimes', () => {
  it('has the documented limits', () => {
    expect(SESSION_IDLE_MS).toBe(7 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
    expect(KIOSK_IDLE_MS).toBe(120 * DAY);
    expect(KIOSK_ABSOLUTE_MS).toBe(365 * DAY);
  });

  it.each([
    ['user', T0, T0 + 7 * DAY, 'active'],
    ['user', T0, T0 + 7 * DAY + 1, 'idle'],
    ['user', T0 + 25 * DAY, T0 + 30 * DAY, 'active'],
    ['user', T0 + 29 * DAY, T0 + 30 * DAY + 1, 'expired'],
    ['kiosk', T0, T0 + 120 * DAY, 'active'],
    ['kiosk', T0, T0 + 120 * DAY + 1, 'idle'],
    ['kiosk', T0 + 364 * DAY, T0 + 365 * DAY + 1, 'expired'],
  ] as const)('%s session last seen at %i, asked at %i: %s', (scope, lastSeen, now, expected) => {
    expect(sessionState(session(scope, lastSeen), new Date(now))).toBe(expected);
  });

  it('a revoked session is closed whatever the time', () => {
    expect(sessionState(session('user', T0, new Date(T0).toISOString()), new Date(T0))).toBe('revoked');
  });

  it.each([
    [59_999, false],
    [60_000, true],
  ])('touches last_seen_at after %i ms: %s', (elapsed, expected) => {
    expect(shouldTouch({ lastSeenAt: new Date(T0).toISOString() }, new Date(T0 + elapsed))).toBe(expected);
  });
});

describe('rate limits', () => {
  it.each([
    ['signinAccount', 10, true],
    ['signinAccount', 11, false],
    ['signinAddress', 60, true],
    ['signinAddress', 61, false],
    ['pinAccount', 10, true],
    ['pinAccount', 11, false],
    ['resetAccount', 3, true],
    ['resetAccount', 4, false],
    ['resetAddress', 20, true],
    ['resetAddress', 21, false],
  ] as const)('%s: hit %i allowed = %s', (rule, hits, expected) => {
    expect(isWithinLimit(rule, hits)).toBe(expected);
  });

  it('counts in fixed five-minute windows and says how long to wait', () => {
    expect(RATE_WINDOW_MS).toBe(5 * 60_000);
    const start = windowStart(T0 + 90_000);
    expect(start).toBe(T0);
    expect(windowStart(T0 + RATE_WINDOW_MS)).toBe(T0 + RATE_WINDOW_MS);
    expect(retryAfterSeconds(T0 + 90_000)).toBe(210);
    expect(retryAfterSeconds(T0 + RATE_WINDOW_MS - 1)).toBe(1);
  });
});
