/**
 * Server session lifetimes and abuse limits. Pure: the server passes the clock in.
 *
 * A person's session ends after SESSION_IDLE_MS without a request, and in any case SESSION_ABSOLUTE_MS after
 * sign-in. A kiosk credential (a classroom tablet enrolled once by an administrator) lives much longer, but
 * also dies when the tablet stays unused for a whole term.
 */
export const SESSION_IDLE_MS = 7 * 24 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3_600_000;
export const KIOSK_IDLE_MS = 120 * 24 * 3_600_000;
export const KIOSK_ABSOLUTE_MS = 365 * 24 * 3_600_000;
/** last_seen_at is written at most once a minute per session: not one database write per request. */
export const SESSION_TOUCH_EVERY_MS = 60_000;

export type SessionScope = 'user' | 'kiosk';

export interface SessionTimes {
  scope: SessionScope;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export type SessionState = 'active' | 'revoked' | 'expired' | 'idle';

export function idleLimitMs(scope: SessionScope): number {
  return scope === 'kiosk' ? KIOSK_IDLE_MS : SESSION_IDLE_MS;
}

export function absoluteExpiry(scope: SessionScope, createdAt: Date): Date {
  return new Date(createdAt.getTime() + (scope === 'kiosk' ? KIOSK_ABSOLUTE_MS : SESSION_ABSOLUTE_MS));
}

/** Whether a stored session still opens the door at `now`; the exact limits are still inside. */
export function sessionState(session: SessionTimes, now: Date): SessionState {
  if (session.revokedAt !== null) return 'revoked';
  const t = now.getTime();
  if (t > Date.parse(session.expiresAt)) return 'expired';
  if (t - Date.parse(session.lastSeenAt) > idleLimitMs(session.scope)) return 'idle';
  return 'active';
}

export function shouldTouch(session: Pick<SessionTimes, 'lastSeenAt'>, now: Date): boolean {
  return now.getTime() - Date.parse(session.lastSeenAt) >= SESSION_TOUCH_EVERY_MS;
}

/**
 * Fixed windows of five minutes, so that the spec's "Trop de tentatives. Réessayez dans 5 minutes." stays
 * true for password sign-in too. Per account the limit is a little above what a hurried person types; per
 * address it leaves room for a whole staff room behind one school router.
 */
export const RATE_WINDOW_MS = 5 * 60_000;

/**
 * Failed guesses slow down the (account, address) pair and the address, never the account everywhere
 * (OWASP ASVS V6): a stranger hammering an account from elsewhere does not lock its owner out. The
 * per-account rules remain only where a session is already held (a password change). Anonymous reads
 * (org-status, reset-link check) have a wider per-address allowance.
 */
export const RATE_LIMITS = {
  signinAccount: 10,
  signinPair: 10,
  signinAddress: 60,
  pinAccount: 10,
  pinPair: 10,
  pinAddress: 60,
  resetAccount: 3,
  resetPair: 3,
  resetAddress: 20,
  anonymousAddress: 300,
} as const;

export type RateLimitRule = keyof typeof RATE_LIMITS;
export type RateLimitTable = Record<RateLimitRule, number>;

/**
 * The limits with the per-address ones replaced (ADDRESS_RATE_LIMIT): for a school whose whole staff comes
 * through one address, and for the end-to-end suite, whose every browser is 127.0.0.1.
 */
export function rateLimitsWith(addressLimit: number | null): RateLimitTable {
  if (addressLimit === null) return { ...RATE_LIMITS };
  return {
    ...RATE_LIMITS,
    signinAddress: addressLimit,
    pinAddress: addressLimit,
    resetAddress: addressLimit,
    anonymousAddress: Math.max(addressLimit, RATE_LIMITS.anonymousAddress),
  };
}

export function windowStart(nowMs: number, windowMs: number = RATE_WINDOW_MS): number {
  return nowMs - (nowMs % windowMs);
}

/** Seconds until the window of `nowMs` closes (the Retry-After header). */
export function retryAfterSeconds(nowMs: number, windowMs: number = RATE_WINDOW_MS): number {
  return Math.ceil((windowStart(nowMs, windowMs) + windowMs - nowMs) / 1000);
}

/** The hit numbered `hits` in its window is allowed while it does not exceed the rule's limit. */
export function isWithinLimit(
  rule: RateLimitRule,
  hits: number,
  limits: RateLimitTable = RATE_LIMITS,
): boolean {
  return hits <= limits[rule];
}
