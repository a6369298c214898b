import {
  feedCreatedAnswerSchema,
  feedListAnswerSchema,
  type FeedKey,
  type FeedSummary,
} from '../domain/api-schemas/calendar';
import { getJson, orgQuery, parseAnswer, postJson, type FetchLike } from './http';

/**
 * The calendar feed routes (server/routes/calendar.ts). They need the network: the server makes the token
 * and keeps only its hash, so an address exists only once the server answered.
 */
export type CalendarFailure = { ok: false; code: 'offline' | 'refused' | 'not-found' | 'failed' };
export type CalendarAnswer<T> = { ok: true; value: T } | CalendarFailure;

function failure(response: Response | null): CalendarFailure {
  if (!response || response.status >= 502) return { ok: false, code: 'offline' };
  if (response.status === 401 || response.status === 403) return { ok: false, code: 'refused' };
  if (response.status === 404) return { ok: false, code: 'not-found' };
  return { ok: false, code: 'failed' };
}

export async function listFeeds(fetchImpl: FetchLike, orgId: string): Promise<CalendarAnswer<FeedSummary[]>> {
  const response = await getJson(fetchImpl, `/api/calendar/feeds?${orgQuery(orgId)}`);
  if (!response?.ok) return failure(response);
  const body = await parseAnswer(response, feedListAnswerSchema);
  return body ? { ok: true, value: body.feeds } : { ok: false, code: 'failed' };
}

/** A new address (the previous one of this kind and target stops working): https and webcal forms. */
export async function createFeed(
  fetchImpl: FetchLike,
  orgId: string,
  key: FeedKey,
  origin: string,
): Promise<CalendarAnswer<{ url: string; webcal: string }>> {
  const response = await postJson(fetchImpl, `/api/calendar/feeds?${orgQuery(orgId)}`, key);
  if (!response?.ok) return failure(response);
  const body = await parseAnswer(response, feedCreatedAnswerSchema);
  if (!body) return { ok: false, code: 'failed' };
  const url = body.link ?? `${origin}${body.path}`;
  return { ok: true, value: { url, webcal: url.replace(/^https?:\/\//, 'webcal://') } };
}

export async function revokeFeed(
  fetchImpl: FetchLike,
  orgId: string,
  key: FeedKey,
): Promise<CalendarAnswer<null>> {
  const response = await postJson(fetchImpl, `/api/calendar/feeds/revoke?${orgQuery(orgId)}`, key);
  return response?.ok ? { ok: true, value: null } : failure(response);
}
