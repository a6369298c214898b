import { afterPinFailure, afterPinSuccess, pinGate } from '../../src/domain/auth/pin';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * The spec's 3 PIN tries then 5 minutes, counted by the server for each (kiosk, teacher) pair (issue 29
 * item 4): the kiosk no longer writes a teacher's attempts or cooldown (it could lock anyone out, or lift a
 * cooldown), and another kiosk's failures never lock a teacher out of her own classroom's kiosk (the last
 * round's rule). Kept in the shared server settings, so every app server counts the same tries; at most one
 * row per pair that ever failed. The tablet keeps its own copy for its messages and for offline use.
 */

interface Tries {
  pinFailedAttempts: number;
  pinCooldownUntil: string | null;
}

const NONE: Tries = { pinFailedAttempts: 0, pinCooldownUntil: null };

function settingOf(kioskTokenHash: string, userId: string): string {
  return `kiosk-pin-tries:${kioskTokenHash}:${userId}`;
}

function parse(value: string | null): Tries {
  if (!value) return NONE;
  try {
    const tries = JSON.parse(value) as Partial<Tries>;
    return {
      pinFailedAttempts: typeof tries.pinFailedAttempts === 'number' ? tries.pinFailedAttempts : 0,
      pinCooldownUntil: typeof tries.pinCooldownUntil === 'string' ? tries.pinCooldownUntil : null,
    };
  } catch {
    return NONE;
  }
}

/** Whether this kiosk may try this teacher's PIN now (false: a cooldown runs). */
export async function pinTriesOpen(
  storage: SyncStorage,
  pair: { kioskTokenHash: string; userId: string },
  now: Date,
): Promise<boolean> {
  const tries = parse(await storage.settings.get(settingOf(pair.kioskTokenHash, pair.userId)));
  const gate = pinGate({ ...tries, pinHash: 'set' }, now);
  return gate.ok || gate.code !== 'cooldown';
}

/**
 * Counts the outcome of one PIN check (compare-and-set, so two servers do not lose a try); true when this
 * wrong PIN started the cooldown.
 */
export async function countPinTry(
  storage: SyncStorage,
  pair: { kioskTokenHash: string; userId: string },
  isRight: boolean,
  now: Date,
): Promise<boolean> {
  const name = settingOf(pair.kioskTokenHash, pair.userId);
  for (;;) {
    const stored = await storage.settings.get(name);
    const tries = parse(stored);
    if (isRight && tries.pinFailedAttempts === 0 && tries.pinCooldownUntil === null) return false;
    const failure = isRight ? null : afterPinFailure(tries, now);
    const next: Tries = failure ? failure.next : afterPinSuccess();
    if (await storage.settings.replaceIf(name, stored, JSON.stringify(next)))
      return failure?.isCoolingDown ?? false;
  }
}
