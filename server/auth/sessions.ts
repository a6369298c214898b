import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { viewerForUser, type Viewer } from '../../src/domain/access/viewer';
import {
  absoluteExpiry,
  sessionState,
  shouldTouch,
  type SessionScope,
} from '../../src/domain/auth/session-policy';
import type { Profile, User } from '../../src/domain/store/schema';
import type { SessionRow, SyncStorage } from '../storage/sync-storage';
import { parseCookies, serializeCookie } from './cookies';

/** A person's session, and an enrolled kiosk's device credential: two cookies, both HttpOnly. */
export const USER_COOKIE = 'sid';
export const KIOSK_COOKIE = 'kiosk';

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

/** Sessions on the shared database: any app server answers any request (issue 14 point 3). */
export class SessionService {
  constructor(private readonly storage: SyncStorage) {}

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
    if (!token || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const row = await this.storage.sessions.find(tokenHash);
    if (!row || sessionState(row, now) !== 'active') return null;
    if (shouldTouch(row, now)) await this.storage.sessions.touch(tokenHash, now.toISOString());
    return row;
  }

  /**
   * Who sends this request: a person's session first (an administrator signed in on a kiosk tablet acts as
   * themself), else the kiosk credential. The person must still be Active, and their rights are read now,
   * so that a profile change or an archive takes effect on the next request.
   */
  async authenticate(request: FastifyRequest, now: Date): Promise<Authenticated | null> {
    const cookies = parseCookies(request.headers.cookie);
    const userSession = await this.find(cookies.get(USER_COOKIE), now);
    if (userSession) {
      const [records, profileRecords] = await Promise.all([
        this.storage.readRecords(userSession.orgId, [{ collection: 'users', id: userSession.userId }]),
        this.storage.readCollection(userSession.orgId, 'profiles'),
      ]);
      const user = records[0]?.data as User | undefined;
      const profiles = profileRecords.map((r) => r.data as Profile);
      if (user && user.status === 'Active') {
        return { session: userSession, user, profiles, viewer: viewerForUser(user, profiles, 'password') };
      }
    }
    const kiosk = await this.find(cookies.get(KIOSK_COOKIE), now);
    if (kiosk) {
      const profiles = (await this.storage.readCollection(kiosk.orgId, 'profiles')).map(
        (r) => r.data as Profile,
      );
      return { session: kiosk, user: null, profiles, viewer: { kind: 'kiosk' } };
    }
    return null;
  }

  async revokeCookie(request: FastifyRequest, scope: SessionScope, now: Date): Promise<void> {
    const token = parseCookies(request.headers.cookie).get(cookieNameOf(scope));
    if (token) await this.storage.sessions.revoke(hashToken(token), now.toISOString());
  }
}
