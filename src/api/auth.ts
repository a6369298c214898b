import type {
  KioskView,
  LoginError,
  LoginRequest,
  PasswordChangeRequest,
  PinError,
  PinRequest,
} from '../domain/api-schemas/auth';
import type { User } from '../domain/store/schema';
import { getJson, parseAnswer, postJson, type FetchLike } from './http';

/**
 * The server's sign-in, password and kiosk routes (server/routes/auth.ts), as the app calls them (the
 * session and organisation status read at start: ./session.ts). The schemas are loaded with the first answer: zod stays out of the login screen's download
 * (scripts/check-budgets.mjs), and a sign-in waits for the network anyway.
 */
const schemas = () => import('../domain/api-schemas/auth');

async function errorCode(response: Response): Promise<string> {
  const body = await parseAnswer(response, (await schemas()).errorAnswerSchema);
  return body?.error ?? '';
}

export type ServerSignIn =
  { ok: true; user: User } | { ok: false; code: LoginError | 'rate-limited' | 'offline' };

export async function serverSignIn(fetchImpl: FetchLike, input: LoginRequest): Promise<ServerSignIn> {
  const response = await postJson(fetchImpl, '/api/auth/login', input);
  if (!response || response.status >= 500) return { ok: false, code: 'offline' };
  if (response.status === 429) return { ok: false, code: 'rate-limited' };
  const { loginAnswerSchema, loginErrorSchema } = await schemas();
  if (response.ok) {
    const body = await parseAnswer(response, loginAnswerSchema);
    return body ? { ok: true, user: body.user } : { ok: false, code: 'offline' };
  }
  const code = loginErrorSchema.safeParse(await errorCode(response));
  return code.success ? { ok: false, code: code.data } : { ok: false, code: 'offline' };
}

export async function serverSignOut(fetchImpl: FetchLike): Promise<void> {
  await postJson(fetchImpl, '/api/auth/logout', {});
}

/** A right PIN comes with the server's proof for the teacher's check-in (server/auth/kiosk-proof.ts). */
export type ServerPinCheck =
  { ok: true; proof: string; expiresAt: string } | PinError | 'rate-limited' | 'offline';

export async function serverPinCheck(fetchImpl: FetchLike, input: PinRequest): Promise<ServerPinCheck> {
  const response = await postJson(fetchImpl, '/api/auth/pin', input);
  if (!response || response.status >= 500) return 'offline';
  if (response.ok) {
    const body = await parseAnswer(response, (await schemas()).pinAnswerSchema);
    return body ? { ok: true, proof: body.proof, expiresAt: body.expiresAt } : 'offline';
  }
  if (response.status === 429) return 'rate-limited';
  const code = (await schemas()).pinErrorSchema.safeParse(await errorCode(response));
  return code.success ? code.data : 'offline';
}

export type KioskInfo = KioskView;

export async function enrolKiosk(fetchImpl: FetchLike, name: string): Promise<KioskInfo | null> {
  const response = await postJson(fetchImpl, '/api/kiosks', { name });
  if (!response?.ok) return null;
  return parseAnswer(response, (await schemas()).kioskViewSchema);
}

export async function listKiosks(fetchImpl: FetchLike): Promise<KioskInfo[] | null> {
  const response = await getJson(fetchImpl, '/api/kiosks');
  if (!response?.ok) return null;
  const body = await parseAnswer(response, (await schemas()).kioskListAnswerSchema);
  return body?.kiosks ?? null;
}

async function deleteOk(fetchImpl: FetchLike, url: string): Promise<boolean> {
  try {
    return (await fetchImpl(url, { method: 'DELETE' })).ok;
  } catch {
    return false;
  }
}

/**
 * PUT /api/kiosk/options: an administrator signed in on this kiosk sets its roster; the server keeps it on the
 * kiosk's session (the PIN route follows it). True when the server holds the new value.
 */
export async function setKioskRoster(fetchImpl: FetchLike, listsAdmins: boolean): Promise<boolean> {
  try {
    const response = await fetchImpl('/api/kiosk/options', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ listsAdmins }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export function revokeKiosk(fetchImpl: FetchLike, id: string): Promise<boolean> {
  return deleteOk(fetchImpl, `/api/kiosks/${encodeURIComponent(id)}`);
}

/** This tablet stops being a kiosk. */
export function unenrolThisDevice(fetchImpl: FetchLike): Promise<boolean> {
  return deleteOk(fetchImpl, '/api/kiosk');
}

export type ServerPasswordChange =
  | { ok: true; user: User | null }
  | { ok: false; code: 'current-wrong' | 'new-too-short' | 'not-logged-in' | 'rate-limited' | 'offline' };

/** POST /api/auth/password: `current` absent only for the forced change right after a sign-in. */
export async function serverChangePassword(
  fetchImpl: FetchLike,
  input: PasswordChangeRequest,
): Promise<ServerPasswordChange> {
  const response = await postJson(fetchImpl, '/api/auth/password', input);
  if (!response || response.status >= 500) return { ok: false, code: 'offline' };
  if (response.status === 429) return { ok: false, code: 'rate-limited' };
  if (response.status === 401) return { ok: false, code: 'not-logged-in' };
  const { passwordChangeAnswerSchema, passwordChangeErrorSchema } = await schemas();
  if (response.ok) {
    const body = await parseAnswer(response, passwordChangeAnswerSchema);
    return { ok: true, user: body?.user ?? null };
  }
  const code = passwordChangeErrorSchema.safeParse(await errorCode(response));
  return code.success ? { ok: false, code: code.data } : { ok: false, code: 'offline' };
}
