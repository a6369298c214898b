/**
 * The server's proof of the kiosk's current PIN sign-in (POST /api/auth/pin answers it when the PIN is right),
 * kept in memory only: the teacher's Arrivée or Départ carries it (services/attendance/check.ts), and the
 * server then counts the check as PIN-verified. Without it (the PIN checked offline, the proof expired) the
 * server accepts the check as « borne hors ligne », to review (issue 29 item 4).
 */
let current: { userId: string; proof: string; expiresMs: number } | null = null;

export function rememberPinProof(userId: string, proof: string, expiresAt: string): void {
  const expiresMs = Date.parse(expiresAt);
  current = Number.isFinite(expiresMs) ? { userId, proof, expiresMs } : null;
}

export function forgetPinProof(): void {
  current = null;
}

/** The proof for this teacher, while it lasts (null: none, another teacher's, or expired). */
export function pinProofFor(userId: string, nowMs: number = Date.now()): string | null {
  if (!current || current.userId !== userId || current.expiresMs <= nowMs) return null;
  return current.proof;
}
