import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../secrets';

// spec part 1 point 9: 3 failed attempts then a 5-minute cooldown.
export const PIN_MAX_ATTEMPTS = 3;
export const PIN_COOLDOWN_MIN = 5;
const MINUTE_MS = 60_000;

export interface PinState {
  pinFailedAttempts?: number | undefined;
  pinCooldownUntil?: string | null | undefined;
  pinExpiresAt?: string | null | undefined;
  pinHash?: string | undefined;
}

/** PIN entry: digits only, 4 to 6 of them (spec part 1 point 5). */
export function isPinFormatValid(pin: string): boolean {
  return new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`).test(pin);
}

export type PinGate = { ok: true } | { ok: false; code: 'cooldown' | 'expired' | 'no-pin' };

/** Checks made before a PIN is even compared: cooldown running, PIN missing or expired. */
export function pinGate(state: PinState, now: Date): PinGate {
  if (state.pinCooldownUntil && now.getTime() < Date.parse(state.pinCooldownUntil))
    return { ok: false, code: 'cooldown' };
  if (!state.pinHash) return { ok: false, code: 'no-pin' };
  if (state.pinExpiresAt && now.getTime() >= Date.parse(state.pinExpiresAt))
    return { ok: false, code: 'expired' };
  return { ok: true };
}

export interface PinFailure {
  next: Required<Pick<PinState, 'pinFailedAttempts'>> & { pinCooldownUntil: string | null };
  remaining: number;
  isCoolingDown: boolean;
}

/** After a wrong PIN: count it; the third in a row starts the cooldown and resets the count. */
export function afterPinFailure(state: PinState, now: Date): PinFailure {
  // A cooldown that has ended starts a fresh series of attempts.
  const attempts = (state.pinFailedAttempts ?? 0) + 1;
  if (attempts >= PIN_MAX_ATTEMPTS) {
    return {
      next: {
        pinFailedAttempts: 0,
        pinCooldownUntil: new Date(now.getTime() + PIN_COOLDOWN_MIN * MINUTE_MS).toISOString(),
      },
      remaining: 0,
      isCoolingDown: true,
    };
  }
  return {
    next: { pinFailedAttempts: attempts, pinCooldownUntil: null },
    remaining: PIN_MAX_ATTEMPTS - attempts,
    isCoolingDown: false,
  };
}

export function afterPinSuccess(): { pinFailedAttempts: number; pinCooldownUntil: null } {
  return { pinFailedAttempts: 0, pinCooldownUntil: null };
}

export function pinExpiry(now: Date, validityDays: number): string {
  return new Date(now.getTime() + validityDays * 24 * 60 * MINUTE_MS).toISOString();
}
