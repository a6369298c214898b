import type { User } from '../domain/store/schema';
import type { FetchLike } from './outbox-push';

/**
 * The server's sign-in API (issue 12), as the app calls it. Every function answers 'offline' when the server
 * cannot be reached (no network, server down): the caller then falls back to what the device knows.
 */

export type PasswordSignInCode = 'unknown-user' | 'inactive' | 'empty-password' | 'wrong-password';
export type ServerSignIn =
  { ok: true; user: User } | { ok: false; code: PasswordSignInCode | 'rate-limited' | 'offline' };

/** The page's own fetch, the default way the app reaches its server (tests pass their own FetchLike). */
export const browserFetch: FetchLike = (input, init) => fetch(input, init);

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

async function errorCode(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : '';
}

async function post(fetchImpl: FetchLike, url: string, body: unknown): Promise<Response | null> {
  try {
    return await fetchImpl(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  } catch {
    return null;
  }
}

const SIGN_IN_CODES = new Set<string>(['unknown-user', 'inactive', 'empty-password', 'wrong-password']);

export async function serverSignIn(
  fetchImpl: FetchLike,
  input: { orgId: string; email: string; password: string; remember: boolean },
): Promise<ServerSignIn> {
  const response = await post(fetchImpl, '/api/auth/login', input);
  if (!response || response.status >= 500) return { ok: false, code: 'offline' };
  if (response.status === 429) return { ok: false, code: 'rate-limited' };
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { user?: User } | null;
    return body?.user ? { ok: true, user: body.user } : { ok: false, code: 'offline' };
  }
  const code = await errorCode(response);
  return SIGN_IN_CODES.has(code)
    ? { ok: false, code: code as PasswordSignInCode }
    : { ok: false, code: 'offline' };
}

export async function serverSignOut(fetchImpl: FetchLike): Promise<void> {
  await post(fetchImpl, '/api/auth/logout', {});
}

export type ServerPinCheck =
  'ok' | 'wrong-pin' | 'not-allowed' | 'rate-limited' | 'kiosk-required' | 'offline';

export async function serverPinCheck(
  fetchImpl: FetchLike,
  input: { orgId: string; userId: string; pin: string },
): Promise<ServerPinCheck> {
  const response = await post(fetchImpl, '/api/auth/pin', input);
  if (!response || response.status >= 500) return 'offline';
  if (response.ok) return 'ok';
  if (response.status === 429) return 'rate-limited';
  const code = await errorCode(response);
  if (code === 'wrong-pin' || code === 'not-allowed' || code === 'kiosk-required') return code;
  return 'offline';
}

export interface KioskInfo {
  id: string;
  name: string;
  createdAt: string;
  lastSeenAt: string;
}

export type ServerSession =
  | { status: 'signed-in' | 'kiosk-only'; orgId: string; userId: string | null; kiosk: KioskInfo | null }
  | { status: 'none' }
  | { status: 'offline' };

export async function fetchServerSession(fetchImpl: FetchLike): Promise<ServerSession> {
  let response: Response;
  try {
    response = await fetchImpl('/api/auth/session', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return { status: 'offline' };
  }
  if (response.status === 401) return { status: 'none' };
  if (!response.ok) return { status: 'offline' };
  const body = (await response.json().catch(() => null)) as {
    orgId?: string;
    userId?: string | null;
    kiosk?: KioskInfo | null;
  } | null;
  if (!body) return { status: 'offline' };
  // Signed out: the server answers without an organisation.
  if (!body.orgId) return { status: 'none' };
  return {
    status: body.userId ? 'signed-in' : 'kiosk-only',
    orgId: body.orgId,
    userId: body.userId ?? null,
    kiosk: body.kiosk ?? null,
  };
}

export interface OrgStatus {
  initialised: boolean;
  needsEmergency: boolean;
}

export async function fetchOrgStatus(fetchImpl: FetchLike, orgId: string): Promise<OrgStatus | null> {
  try {
    const response = await fetchImpl(`/api/org-status?orgId=${encodeURIComponent(orgId)}`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<OrgStatus>;
    return { initialised: body.initialised === true, needsEmergency: body.needsEmergency === true };
  } catch {
    return null;
  }
}

export type EmergencyAnswer =
  { ok: true; created: boolean } | { ok: false; code: 'refused' | 'rate-limited' | 'offline' };

export async function serverEmergencyPromote(
  fetchImpl: FetchLike,
  input: { orgId: string; email: string },
): Promise<EmergencyAnswer> {
  const response = await post(fetchImpl, '/api/emergency-admin', input);
  if (!response || response.status >= 500) return { ok: false, code: 'offline' };
  if (response.status === 429) return { ok: false, code: 'rate-limited' };
  if (response.status === 409) return { ok: false, code: 'refused' };
  if (!response.ok) return { ok: false, code: 'offline' };
  const body = (await response.json().catch(() => null)) as { created?: boolean } | null;
  return { ok: true, created: body?.created === true };
}

export async function enrolKiosk(fetchImpl: FetchLike, name: string): Promise<KioskInfo | null> {
  const response = await post(fetchImpl, '/api/kiosks', { name });
  if (!response?.ok) return null;
  return (await response.json().catch(() => null)) as KioskInfo | null;
}

export async function listKiosks(fetchImpl: FetchLike): Promise<KioskInfo[] | null> {
  try {
    const response = await fetchImpl('/api/kiosks', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { kiosks?: KioskInfo[] };
    return body.kiosks ?? [];
  } catch {
    return null;
  }
}

export async function revokeKiosk(fetchImpl: FetchLike, id: string): Promise<boolean> {
  try {
    const response = await fetchImpl(`/api/kiosks/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return response.ok;
  } catch {
    return false;
  }
}

/** This tablet stops being a kiosk. */
export async function unenrolThisDevice(fetchImpl: FetchLike): Promise<boolean> {
  try {
    const response = await fetchImpl('/api/kiosk', { method: 'DELETE' });
    return response.ok;
  } catch {
    return false;
  }
}

export type ServerPasswordChange =
  | { ok: true; user: User | null }
  | { ok: false; code: 'current-wrong' | 'new-too-short' | 'not-logged-in' | 'rate-limited' | 'offline' };

/** POST /api/auth/password: `current` absent only for the forced change right after a sign-in. */
export async function serverChangePassword(
  fetchImpl: FetchLike,
  input: { current?: string; next: string },
): Promise<ServerPasswordChange> {
  const response = await post(fetchImpl, '/api/auth/password', input);
  if (!response || response.status >= 500) return { ok: false, code: 'offline' };
  if (response.status === 429) return { ok: false, code: 'rate-limited' };
  if (response.status === 401) return { ok: false, code: 'not-logged-in' };
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { user?: User | null } | null;
    return { ok: true, user: body?.user ?? null };
  }
  const code = await errorCode(response);
  return code === 'current-wrong' || code === 'new-too-short'
    ? { ok: false, code }
    : { ok: false, code: 'offline' };
}
