import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * Kiosk proof (issue 29 item 4): the server's POST /api/auth/pin, when the PIN is right, hands the kiosk a
 * short-lived proof for that teacher, on that kiosk, in that organisation; the check-in or check-out the
 * teacher then taps carries it (`pinProof` of the log, removed before the log is stored). A kiosk check log
 * without a valid proof is accepted only flagged 'kiosk-offline' (« borne hors ligne »): "À vérifier", not paid
 * until a reviewer accepts it. A stolen tablet, or any script holding a kiosk cookie, no longer checks anyone
 * in for pay without that teacher's PIN.
 *
 * Stateless: an HMAC over (organisation, kiosk session, teacher, expiry) with a key every app server reads
 * from the shared database (created once, compare-and-set), so any server checks what another issued.
 */

/** How long a proof stays valid after the PIN check: the teacher taps Arrivée right after the PIN. */
export const PIN_PROOF_TTL_MS = 10 * 60_000;

const SETTING = 'kiosk-pin-proof-key';
const KEY_PATTERN = /^[0-9a-f]{64}$/;

const keys = new WeakMap<SyncStorage, Promise<Buffer>>();

async function loadKey(storage: SyncStorage): Promise<Buffer> {
  for (;;) {
    const current = await storage.settings.get(SETTING);
    if (current && KEY_PATTERN.test(current)) return Buffer.from(current, 'hex');
    await storage.settings.replaceIf(SETTING, current, randomBytes(32).toString('hex'));
  }
}

function keyOf(storage: SyncStorage): Promise<Buffer> {
  let key = keys.get(storage);
  if (!key) {
    key = loadKey(storage);
    keys.set(storage, key);
    key.catch(() => keys.delete(storage));
  }
  return key;
}

/** Who a proof is for: the teacher, on this kiosk (its session), in this organisation. */
export interface PinProofScope {
  orgId: string;
  kioskTokenHash: string;
  userId: string;
}

function mac(key: Buffer, scope: PinProofScope, expiresMs: number): string {
  return createHmac('sha256', key)
    .update([scope.orgId, scope.kioskTokenHash, scope.userId, String(expiresMs)].join('\n'))
    .digest('base64url');
}

export async function issuePinProof(
  storage: SyncStorage,
  scope: PinProofScope,
  now: Date,
): Promise<{ proof: string; expiresAt: string }> {
  const expiresMs = now.getTime() + PIN_PROOF_TTL_MS;
  const key = await keyOf(storage);
  return {
    proof: `${expiresMs}.${mac(key, scope, expiresMs)}`,
    expiresAt: new Date(expiresMs).toISOString(),
  };
}

/** Whether `proof` was issued by a server of this database for this scope and has not expired at `now`. */
export async function isPinProof(
  storage: SyncStorage,
  proof: unknown,
  scope: PinProofScope,
  now: Date,
): Promise<boolean> {
  if (typeof proof !== 'string' || proof.length > 200) return false;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(proof);
  if (!match) return false;
  const expiresMs = Number(match[1]);
  if (expiresMs < now.getTime() || expiresMs > now.getTime() + PIN_PROOF_TTL_MS) return false;
  const expected = Buffer.from(mac(await keyOf(storage), scope, expiresMs));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
