import type { KioskView, OrgStatusAnswer, SessionAnswer } from '../domain/api-schemas/auth';
import { getJson, orgQuery, readJson, type FetchLike } from './http';

/**
 * The two answers read on every start: GET /api/auth/session (by the page, src/session/reconcile.ts, and by
 * the service worker before it pushes the outbox) and GET /api/org-status (the login screen). Zod stays off
 * the start path (the service worker's bundle, a new device's first visit: scripts/check-budgets.mjs), so
 * these two are checked by hand against the shared schemas' types (sessionAnswerSchema,
 * orgStatusAnswerSchema) rather than parsed with them.
 */
export type ServerSession =
  | { status: 'signed-in' | 'kiosk-only'; orgId: string; userId: string | null; kiosk: KioskView | null }
  | { status: 'none' }
  | { status: 'offline' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

function isKioskView(value: unknown): value is KioskView {
  return (
    isRecord(value) &&
    isText(value.id) &&
    isText(value.name) &&
    isText(value.createdAt) &&
    isText(value.lastSeenAt)
  );
}

export function isSessionAnswer(value: unknown): value is SessionAnswer {
  return (
    isRecord(value) &&
    isTextOrNull(value.orgId) &&
    isTextOrNull(value.userId) &&
    (value.kiosk === null || isKioskView(value.kiosk))
  );
}

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
  const body = await readJson(response);
  if (!isSessionAnswer(body)) return { status: 'offline' };
  // Signed out: the server answers without an organisation.
  if (!body.orgId) return { status: 'none' };
  return {
    status: body.userId ? 'signed-in' : 'kiosk-only',
    orgId: body.orgId,
    userId: body.userId,
    kiosk: body.kiosk,
  };
}

export function isOrgStatusAnswer(value: unknown): value is OrgStatusAnswer {
  return (
    isRecord(value) && typeof value.initialised === 'boolean' && typeof value.needsEmergency === 'boolean'
  );
}

/** GET /api/org-status: null when the server cannot be reached. */
export async function fetchOrgStatus(fetchImpl: FetchLike, orgId: string): Promise<OrgStatusAnswer | null> {
  const response = await getJson(fetchImpl, `/api/org-status?${orgQuery(orgId)}`);
  if (!response?.ok) return null;
  const body = await readJson(response);
  return isOrgStatusAnswer(body) ? body : null;
}
