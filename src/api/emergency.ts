import type { EmergencyRequest } from '../domain/api-schemas/emergency';
import { parseAnswer, postJson, type FetchLike } from './http';

/** POST /api/emergency-admin (server/routes/emergency.ts). The schema loads with the answer (login bundle). */
export type EmergencyPromotion =
  { ok: true; created: boolean } | { ok: false; code: 'setup-code' | 'refused' | 'rate-limited' | 'offline' };

export async function serverEmergencyPromote(
  fetchImpl: FetchLike,
  input: EmergencyRequest,
): Promise<EmergencyPromotion> {
  const response = await postJson(fetchImpl, '/api/emergency-admin', input);
  if (!response) return { ok: false, code: 'offline' };
  if (response.status === 403) return { ok: false, code: 'setup-code' };
  if (response.status === 429) return { ok: false, code: 'rate-limited' };
  if (response.status === 409) return { ok: false, code: 'refused' };
  if (!response.ok) return { ok: false, code: 'offline' };
  const body = await parseAnswer(
    response,
    (await import('../domain/api-schemas/emergency')).emergencyAnswerSchema,
  );
  return body ? { ok: true, created: body.created } : { ok: false, code: 'offline' };
}
