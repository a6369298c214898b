import type { ZodType } from 'zod';

/**
 * How the app reaches its server. Every client of this folder answers 'offline' (or null) when the server
 * cannot be reached (no network, server down, a proxy's 502): the caller falls back to what the device knows
 * or says the action needs the network. Answers are parsed with the route's schema of src/domain/api-schemas,
 * the one the server uses; an answer that does not match is treated like no answer, never cast.
 */

/** How the app reaches the server (tests pass their own). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The page's own fetch, the default way the app reaches its server. */
export const browserFetch: FetchLike = (input, init) => fetch(input, init);

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** POST a JSON body; null when the request did not get through. */
export async function postJson(fetchImpl: FetchLike, url: string, body: unknown): Promise<Response | null> {
  try {
    return await fetchImpl(url, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return null;
  }
}

/** GET a JSON answer never served from the HTTP cache; null when the request did not get through. */
export async function getJson(fetchImpl: FetchLike, url: string): Promise<Response | null> {
  try {
    return await fetchImpl(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  } catch {
    return null;
  }
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** The answer's body parsed with the route's schema; null when it is not what the route answers. */
export async function parseAnswer<T>(response: Response, schema: ZodType<T>): Promise<T | null> {
  const parsed = schema.safeParse(await readJson(response));
  return parsed.success ? parsed.data : null;
}

/** A query string's organisation parameter. */
export function orgQuery(orgId: string): string {
  return `orgId=${encodeURIComponent(orgId)}`;
}
