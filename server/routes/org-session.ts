import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_ORG_ID } from '../../src/domain/store/schema';
import type { Authenticated, SessionService } from '../auth/sessions';
import { ORG_ID_PATTERN } from './auth';

/**
 * The organisation and the session of a store or sync request, resolved once by one onRequest hook: from
 * the query and the cookie only, before any byte of the body is read (a stranger's 40 MB batch is answered
 * 401 at once, never received nor decoded). A route asks for it in its options: `config: { session:
 * 'required' }` answers 401 without a session; 'optional' lets the route decide (the first device of a new
 * organisation has none), in its own onRequest hook when its body is large. Either way a session of another
 * organisation is refused with 403 and an invalid organisation id with 400.
 */
export type SessionNeed = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    session?: SessionNeed;
  }
  interface FastifyRequest {
    /** The organisation the request names (?orgId=, DEFAULT_ORG_ID when absent), validated. */
    orgId: string;
    /** The request's session (null: none); set by the onRequest hook on routes that ask for it. */
    auth: Authenticated | null;
  }
}

/** ?orgId= as a valid organisation id (absent or empty: the default organisation), or null. */
export function orgIdOf(query: unknown): string | null {
  const raw = typeof query === 'object' && query !== null ? (query as { orgId?: unknown }).orgId : undefined;
  const orgId = typeof raw === 'string' && raw !== '' ? raw : DEFAULT_ORG_ID;
  return ORG_ID_PATTERN.test(orgId) ? orgId : null;
}

export function registerOrgSession(app: FastifyInstance, deps: { sessions: SessionService }): void {
  app.decorateRequest('orgId', '');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const need = request.routeOptions.config.session;
    if (!need) return;
    const orgId = orgIdOf(request.query);
    if (!orgId) return reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid-org' });
    const auth = await deps.sessions.authenticate(request, new Date(), orgId);
    if (!auth && need === 'required')
      return reply.code(401).header('cache-control', 'no-store').send({ error: 'unauthenticated' });
    if (auth && auth.session.orgId !== orgId)
      return reply.code(403).header('cache-control', 'no-store').send({ error: 'other-organisation' });
    request.orgId = orgId;
    request.auth = auth;
  });
}

/** The session of a route declared with `session: 'required'` (the hook answered 401 without one). */
export function sessionOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error(`${request.url}: the route does not declare config.session 'required'`);
  return request.auth;
}
