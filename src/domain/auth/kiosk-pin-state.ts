import type { PinState } from './pin';

export type KioskPinState = 'ready' | 'no-pin';

/**
 * Issue 33: on the kiosk's name grid, a teacher without a PIN is shown greyed with the reason before any
 * digit is typed, instead of an error after six digits. Only the PIN's presence counts here: an expired PIN
 * or a running cooldown keeps its own message at sign-in (they end by themselves or in /users).
 */
export function kioskPinState(user: Pick<PinState, 'pinHash'>): KioskPinState {
  return typeof user.pinHash === 'string' && user.pinHash !== '' ? 'ready' : 'no-pin';
}
