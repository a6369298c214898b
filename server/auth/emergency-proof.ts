import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMERGENCY_PROOF_VALIDITY_MS } from '../../src/domain/auth/invitation';
import { randomHex, sha256Hex } from '../../src/domain/secrets';
import type { SyncStorage } from '../storage/sync-storage';
import { parseCookies, serializeCookie } from './cookies';

/**
 * The account the emergency area creates has the README's initial password (the specification's {key}): the
 * owner of the server signs in with it right after the form, in the same browser. Anyone else who read the
 * README must not: POST /api/emergency-admin sets this HttpOnly, SameSite=Strict cookie, valid one hour,
 * bound to that one account (only its SHA-256 is kept, in the server settings shared by every app server),
 * and the initial password opens the account only with it (routes/auth.ts). A new request replaces the proof.
 */
export const EMERGENCY_PROOF_COOKIE = 'emergency';

function settingName(orgId: string, userId: string): string {
  return `emergency-proof:${orgId}:${userId}`;
}

export async function issueEmergencyProof(
  storage: SyncStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { orgId: string; userId: string },
  now: Date,
): Promise<void> {
  const token = randomHex(32);
  const expiresAt = new Date(now.getTime() + EMERGENCY_PROOF_VALIDITY_MS).toISOString();
  await storage.settings.set(
    settingName(account.orgId, account.userId),
    JSON.stringify({ hash: await sha256Hex(token), expiresAt }),
  );
  const cookie = serializeCookie(EMERGENCY_PROOF_COOKIE, token, {
    secure: request.protocol === 'https',
    maxAge: Math.floor(EMERGENCY_PROOF_VALIDITY_MS / 1000),
  });
  const existing = reply.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)];
  void reply.header('set-cookie', [...list, cookie]);
}

/** Whether this request carries the live emergency proof of exactly this account. */
export async function hasEmergencyProof(
  storage: SyncStorage,
  request: FastifyRequest,
  account: { orgId: string; userId: string },
  now: Date,
): Promise<boolean> {
  const token = parseCookies(request.headers.cookie).get(EMERGENCY_PROOF_COOKIE);
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return false;
  const stored = await storage.settings.get(settingName(account.orgId, account.userId));
  if (!stored) return false;
  let parsed: { hash?: unknown; expiresAt?: unknown };
  try {
    parsed = JSON.parse(stored) as { hash?: unknown; expiresAt?: unknown };
  } catch {
    return false;
  }
  const expiry = typeof parsed.expiresAt === 'string' ? Date.parse(parsed.expiresAt) : NaN;
  if (!Number.isFinite(expiry) || now.getTime() >= expiry) return false;
  return parsed.hash === (await sha256Hex(token));
}

/** Once the account has its own password, the proof is spent. */
export async function spendEmergencyProof(
  storage: SyncStorage,
  account: { orgId: string; userId: string },
): Promise<void> {
  await storage.settings.set(settingName(account.orgId, account.userId), '');
}
