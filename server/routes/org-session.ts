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
    /**
     * The hook's decision made again, later in a long request (a live stream, at each heartbeat): true while
     * the request's session still meets its route's need, in the same organisation, for the same person.
     */
    sessionHolds(): Promise<boolean>;
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
  app.decorateRequest('sessionHolds', async function sessionHolds(this: FastifyRequest): Promise<boolean> {
    const first = this.auth;
    const again = await decide(deps.sessions, this).catch(() => null);
    return (
      first !== null &&
      again !== null &&
      'auth' in again &&
      again.auth !== null &&
      again.orgId === this.orgId &&
      again.auth.session.userId === first.session.userId
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    const decision = await decide(deps.sessions, request);
    if (decision === null) return;
    if ('refused' in decision)
      return reply
        .code(decision.refused.status)
        .header('cache-control', 'no-store')
        .send({ error: decision.refused.error });
    request.orgId = decision.orgId;
    request.auth = decision.auth;
  });
}

type Decision =
  { orgId: string; auth: Authenticated | null } | { refused: { status: 400 | 401 | 403; error: string } };

/** The organisation and session of a request as its route's config asks (null: the route asks for none). */
async function decide(sessions: SessionService, request: FastifyRequest): Promise<Decision | null> {
  const { session: need, sessionOrg } = request.routeOptions.config;
  if (!need) return null;
  const orgId = sessionOrg === 'own' ? undefined : orgIdOf(request.query);
  if (orgId === null) return { refused: { status: 400, error: 'invalid-org' } };
  const auth = await sessions.authenticate(request, new Date(), orgId);
  if (!meets(auth, need)) return { refused: { status: 401, error: 'unauthenticated' } };
  if (auth && orgId !== undefined && auth.session.orgId !== orgId)
    return { refused: { status: 403, error: 'other-organisation' } };
  return { orgId: orgId ?? auth?.session.orgId ?? '', auth };
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
