import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { viewerForUser, type Viewer } from '../../src/domain/access/viewer';
import {
  absoluteExpiry,
  sessionState,
  shouldTouch,
  type SessionScope,
} from '../../src/domain/auth/session-policy';
import type { CollectionName, Profile, User } from '../../src/domain/store/schema';
import type { SessionState } from '../../src/domain/sync/protocol';
import type { SessionRow, SyncStorage } from '../storage/sync-storage';
import { OrgAccessCache, type OrgAccessView } from './access';
import { kioskListsAdmins } from './kiosk-options';
import { parseCookies, serializeCookie } from './cookies';

/** A person's session, and an enrolled kiosk's device credential: two cookies, both HttpOnly. */
export const USER_COOKIE = 'sid';
export const KIOSK_COOKIE = 'kiosk';

/** The users and profiles a session's rights are read from (OrgAccessCache). */
const ACCESS_COLLECTIONS: readonly CollectionName[] = ['users', 'profiles'];

function isTokenShaped(token: string | undefined): token is string {
  return !!token && token.length <= 100;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits; only its SHA-256 reaches the database. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface Authenticated {
  session: SessionRow;
  viewer: Viewer;
  /** The signed-in person (a kiosk: null). */
  user: User | null;
  profiles: Profile[];
}

function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function cookieNameOf(scope: SessionScope): string {
  return scope === 'kiosk' ? KIOSK_COOKIE : USER_COOKIE;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: SessionScope,
  token: string,
  maxAgeSeconds: number | undefined,
): void {
  const cookie = serializeCookie(cookieNameOf(scope), token, {
    secure: isSecure(request),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  });
  const existing = reply.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)];
  void reply.header('set-cookie', [...list, cookie]);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, scope: SessionScope): void {
  setSessionCookie(request, reply, scope, '', 0);
}

/** An enrolled kiosk as GET /api/auth/session and the push answer describe it (never its token). */
export function kioskInfo(row: Pick<SessionRow, 'tokenHash' | 'deviceId' | 'createdAt' | 'lastSeenAt'>) {
  return {
    id: row.tokenHash.slice(0, 16),
    name: row.deviceId ?? '',
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  };
}

/**
 * Sessions on the shared database: any app server answers any request (several servers behind a load
 * balancer, README "PostgreSQL").
 *
 * The session row is read on every request (a logout or a revocation on any server closes the door at the
 * next request); the person and the profiles it needs are cached per organisation revision (access.ts),
 * which every write of a user or a profile moves, on whichever server it happened.
 */
export class SessionService {
  private readonly access: OrgAccessCache;

  constructor(private readonly storage: SyncStorage) {
    this.access = new OrgAccessCache(storage);
  }

  async open(input: {
    orgId: string;
    userId: string;
    scope: SessionScope;
    deviceId: string | null;
    now: Date;
  }): Promise<{ token: string; row: SessionRow }> {
    const token = newToken();
    const nowIso = input.now.toISOString();
    const row: SessionRow = {
      tokenHash: hashToken(token),
      orgId: input.orgId,
      userId: input.userId,
      scope: input.scope,
      deviceId: input.deviceId,
      createdAt: nowIso,
      lastSeenAt: nowIso,
      expiresAt: absoluteExpiry(input.scope, input.now).toISOString(),
      revokedAt: null,
    };
    await this.storage.sessions.create(row);
    return { token, row };
  }

  /** The live session a cookie names, or null (unknown, revoked, expired, idle too long). */
  async find(token: string | undefined, now: Date): Promise<SessionRow | null> {
    if (!isTokenShaped(token)) return null;
    return this.live(await this.storage.sessions.find(hashToken(token)), now);
  }

  /** `row` if it is a live session (its last-seen time moved forward now and then), else null. */
  private async live(row: SessionRow | null, now: Date): Promise<SessionRow | null> {
    if (!row || sessionState(row, now) !== 'active') return null;
    if (shouldTouch(row, now)) await this.storage.sessions.touch(row.tokenHash, now.toISOString());
    return row;
  }

  /**
   * The person's session and the organisation's access view, read in one round trip where the storage can
   * (PostgreSQL: storage.readAuthState reads the session row, the revision and the users and profiles changed
   * since this server's cache, in one statement); otherwise both in parallel, as separate reads.
   */
  private async sessionAndView(
    token: string | undefined,
    orgId: string | undefined,
    now: Date,
  ): Promise<{ session: SessionRow | null; view: Promise<OrgAccessView> | null }> {
    if (orgId !== undefined && this.storage.readAuthState && isTokenShaped(token)) {
      const since = this.access.knownRevision(orgId);
      const state = await this.storage.readAuthState(hashToken(token), orgId, since, ACCESS_COLLECTIONS);
      const view = this.access.viewAfter(orgId, state.revision, since, state.changed);
      void view.catch(() => undefined);
      return { session: await this.live(state.session, now), view };
    }
    const view = orgId === undefined ? null : this.access.view(orgId);
    // Settled here: an unused view (no session) must not leave an unhandled rejection behind.
    void view?.catch(() => undefined);
    return { session: await this.find(token, now), view };
  }

  /**
   * Who sends this request: a person's session first (an administrator signed in on a kiosk tablet acts as
   * themself), else the kiosk credential. The person must still be Active, and their rights are those of the
   * organisation's current revision, so that a profile change or an archive takes effect on the next request.
   * `orgId`, when the caller knows which organisation the request is about, lets the revision be read while
   * the session row is.
   */
  async authenticate(request: FastifyRequest, now: Date, orgId?: string): Promise<Authenticated | null> {
    const cookies = parseCookies(request.headers.cookie);
    const { session: userSession, view } = await this.sessionAndView(cookies.get(USER_COOKIE), orgId, now);
    const viewOf = (org: string) => (view && org === orgId ? view : this.access.view(org));
    if (userSession) {
      const access = await viewOf(userSession.orgId);
      const user = await access.user(userSession.userId);
      if (user && user.status === 'Active') {
        const { profiles } = access;
        return { session: userSession, user, profiles, viewer: viewerForUser(user, profiles, 'password') };
      }
    }
    const kiosk = await this.find(cookies.get(KIOSK_COOKIE), now);
    if (kiosk) {
      const { profiles } = await viewOf(kiosk.orgId);
      const listsAdmins = await kioskListsAdmins(this.storage, kiosk.tokenHash);
      return { session: kiosk, user: null, profiles, viewer: { kind: 'kiosk', listsAdmins } };
    }
    return null;
  }

  /** What GET /api/auth/session answers for this request, from its authentication (push answers). */
  async stateOf(request: FastifyRequest, auth: Authenticated, now: Date): Promise<SessionState> {
    const kiosk =
      auth.viewer.kind === 'kiosk'
        ? auth.session
        : await this.find(parseCookies(request.headers.cookie).get(KIOSK_COOKIE), now);
    return {
      orgId: auth.session.orgId,
      userId: auth.user?.id ?? null,
      kiosk: kiosk ? kioskInfo(kiosk) : null,
    };
  }

  async revokeCookie(request: FastifyRequest, scope: SessionScope, now: Date): Promise<void> {
    const token = parseCookies(request.headers.cookie).get(cookieNameOf(scope));
    if (token) await this.storage.sessions.revoke(hashToken(token), now.toISOString());
  }
}

/** Expired sessions and past rate-limit windows are dropped hourly (any server may do it: idempotent). */
export function registerSessionPurge(app: FastifyInstance, storage: SyncStorage): void {
  const purge = () => {
    const now = Date.now();
    void Promise.all([
      storage.sessions.purge(new Date(now - 24 * 3_600_000).toISOString()),
      storage.rateLimits.purge(now - 3_600_000),
    ]).catch((error: unknown) => app.log.warn(error, 'purge of sessions and rate limits failed'));
  };
  const timer = setInterval(purge, 3_600_000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
