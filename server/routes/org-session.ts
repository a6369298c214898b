import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_ORG_ID } from '../../src/domain/store/schema';
import type { Authenticated, SessionService } from '../auth/sessions';
import { ORG_ID_PATTERN } from '../../src/domain/api-schemas/org-id';

/**
 * The one session mechanism of the server: the organisation and the session of a request, resolved once by
 * one onRequest hook, from the query and the cookies only, before any byte of the body is read (a stranger's
 * 40 MB batch is answered 401 at once, never received nor decoded). A route asks for it in its options:
 * `config: { session: 'required' }` answers 401 without a session; 'person' without a person signed in (a
 * kiosk credential is not one); 'kiosk' without this tablet's kiosk credential acting; 'optional' lets the
 * route decide (the first device of a new organisation has none), in its own onRequest hook when its body is
 * large. The organisation is the query's (a session of another one is refused with 403, an invalid id with
 * 400), or with `sessionOrg: 'own'` the session's own (the sign-in and kiosk routes name none).
 */
export type SessionNeed = 'required' | 'optional' | 'person' | 'kiosk';

declare module 'fastify' {
  interface FastifyContextConfig {
    session?: SessionNeed;
    /** 'own': the route names no organisation; the session's own is the request's. */
    sessionOrg?: 'own';
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
    const { session: need, sessionOrg } = request.routeOptions.config;
    if (!need) return;
    const orgId = sessionOrg === 'own' ? undefined : orgIdOf(request.query);
    if (orgId === null)
      return reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid-org' });
    const auth = await deps.sessions.authenticate(request, new Date(), orgId);
    if (!meets(auth, need))
      return reply.code(401).header('cache-control', 'no-store').send({ error: 'unauthenticated' });
    if (auth && orgId !== undefined && auth.session.orgId !== orgId)
      return reply.code(403).header('cache-control', 'no-store').send({ error: 'other-organisation' });
    request.orgId = orgId ?? auth?.session.orgId ?? '';
    request.auth = auth;
  });
}

function meets(auth: Authenticated | null, need: SessionNeed): boolean {
  if (need === 'optional') return true;
  if (need === 'person') return auth?.user != null && auth.session.scope === 'user';
  if (need === 'kiosk') return auth?.session.scope === 'kiosk';
  return auth !== null;
}

/** The session of a route declared with a `session` need other than 'optional' (the hook answered 401). */
export function sessionOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error(`${request.url}: the route does not declare config.session 'required'`);
  return request.auth;
}
