import type { FastifyInstance } from 'fastify';
import {
  kioskOptionsRequestSchema,
  kioskRequestSchema as kioskSchema,
  loginRequestSchema as loginSchema,
  orgIdSchema,
  passwordChangeRequestSchema as passwordSchema,
  pinRequestSchema as pinSchema,
  type KioskView,
  type LoginAnswer,
  type OrgStatusAnswer,
  type PinAnswer,
  type SessionAnswer,
} from '../../src/domain/api-schemas/auth';
import { ORG_ID_PATTERN } from '../../src/domain/api-schemas/org-id';
import { isFullAdminProfile, isFullAdministration } from '../../src/domain/users/administrator';
import {
  KIOSK_ABSOLUTE_MS,
  SESSION_ABSOLUTE_MS,
  type RateLimitTable,
} from '../../src/domain/auth/session-policy';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/auth/password';
import { pinGate } from '../../src/domain/auth/pin';
import { passwordOpensAccount } from '../../src/domain/auth/invitation';
import { dummySecretHash, hashSecret, hasHashParameters, verifySecret } from '../../src/domain/secrets';
import { isKioskTeacher } from '../../src/domain/auth/kiosk-roster';
import { holdsTeacherToday } from '../../src/domain/store/access';
import type { Profile, User } from '../../src/domain/store/schema';
import { addressRateLimit, hitRateLimits, replyRateLimited } from '../auth/rate-limit';
import { applyServerChanges, findByEmail } from '../auth/server-writes';
import { countPinTry, pinTriesOpen } from '../auth/kiosk-pin-tries';
import { kioskListsAdmins, kioskRosterSetting } from '../auth/kiosk-options';
import { issuePinProof } from '../auth/kiosk-proof';
import { normalisedEmail } from '../storage/user-index';
import { parseCookies } from '../auth/cookies';
import { hasEmergencyProof, spendEmergencyProof } from '../auth/emergency-proof';
import { KIOSK_COOKIE, clearSessionCookie, setSessionCookie, type SessionService } from '../auth/sessions';
import { sessionOf } from './org-session';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * Sign-in, sign-out and kiosk enrolment (spec part 1, point 4). Errors answer the codes the login screen turns into the
 * spec's French messages; a refused attempt never says more than the local sign-in would.
 */

// Request and answer shapes shared with the app's client (src/api/auth.ts).
export { ORG_ID_PATTERN };

/** The session routes name no organisation: the session's own is theirs (org-session.ts). */
const OWN_SESSION_OPTIONAL = { config: { session: 'optional', sessionOrg: 'own' } } as const;
const OWN_PERSON = { config: { session: 'person', sessionOrg: 'own' } } as const;
const OWN_KIOSK = { config: { session: 'kiosk', sessionOrg: 'own' } } as const;

/** The first-login screen asks no current password: the forced change must follow a fresh sign-in. */
const FORCED_CHANGE_WINDOW_MS = 30 * 60_000;

export interface AuthRouteDeps {
  storage: SyncStorage;
  limits: RateLimitTable;
  sessions: SessionService;
  /** PBKDF2 iteration counts a stored hash may have to be verified (config.acceptedHashIterations). */
  hashIterations: readonly number[];
}

async function profilesOf(storage: SyncStorage, orgId: string): Promise<Profile[]> {
  return (await storage.readCollection(orgId, 'profiles')).map((r) => r.data as Profile);
}

/** What a kiosk list shows: never the token, a short id derived from its hash to revoke it. */
function kioskView(row: {
  tokenHash: string;
  deviceId: string | null;
  createdAt: string;
  lastSeenAt: string;
}): KioskView {
  return {
    id: row.tokenHash.slice(0, 16),
    name: row.deviceId ?? '',
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  };
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { storage, sessions } = deps;
  const verify = (secret: string, hash: unknown) =>
    verifySecret(secret, typeof hash === 'string' ? hash : null, { iterations: deps.hashIterations });
  /** The cost of one wrong password, paid when there is no usable hash: the answer time tells nothing. */
  const verifyNothing = async (secret: string) => {
    await verifySecret(secret, await dummySecretHash());
    return false;
  };

  // Whether an organisation exists: the first device of a new school seeds it, the others must sign in.
  // Anonymous: O(1) in the organisation's size (the revision, the profiles, one indexed lookup).
  app.get('/api/org-status', async (request, reply) => {
    const orgId = orgIdSchema.safeParse((request.query as { orgId?: unknown }).orgId);
    if (!orgId.success) return reply.code(400).send({ error: 'invalid-org' });
    const limited = await hitRateLimits(
      storage,
      [{ rule: 'anonymousAddress', key: request.ip }],
      new Date(),
      deps.limits,
    );
    if (!limited.ok) return replyRateLimited(reply, limited);
    const { revision } = await storage.readChanges(
      orgId.data,
      { rev: Number.MAX_SAFE_INTEGER, collection: '', id: '' },
      1,
    );
    let needsEmergency = true;
    if (revision > 0) {
      const adminProfiles = (await profilesOf(storage, orgId.data)).filter((p) => isFullAdminProfile(p));
      needsEmergency = !(await storage.userLookup.anyActiveWithProfile(
        orgId.data,
        adminProfiles.map((p) => p.id),
        { excludeEmergency: true },
      ));
    }
    const answer: OrgStatusAnswer = { initialised: revision > 0, needsEmergency };
    return reply.header('cache-control', 'no-store').send(answer);
  });

  // Per (account, address) and per address, never per account alone: a stranger's failures elsewhere do not
  // lock the owner out (OWASP ASVS V6). The address is counted before the body is read, the pair once it is
  // decoded (at most SMALL_BODY_LIMIT_BYTES): both before any costly work.
  const signinAddress = { onRequest: addressRateLimit(storage, 'signinAddress', deps.limits) };
  app.post('/api/auth/login', signinAddress, async (request, reply) => {
    const body = loginSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const { orgId, email, password, remember } = body.data;
    const now = new Date();
    const limited = await hitRateLimits(
      storage,
      [{ rule: 'signinPair', key: `${orgId}:${normalisedEmail(email)}:${request.ip}` }],
      now,
      deps.limits,
    );
    if (!limited.ok) return replyRateLimited(reply, limited);
    // Accounts are not listed by the answers (issue 29, item 6): an empty password is answered before the
    // account is looked for; then every e-mail costs one PBKDF2 verification of this server's parameters (a
    // dummy hash for an unknown, archived or password-less account); "inactive" only after the right password.
    // The spec's distinct messages stay for the person at the form; each answer counts in the per-address and
    // per-(account, address) limits above.
    if (password === '') return reply.code(400).send({ error: 'empty-password' });
    // Indexed lookup: the same cost on 10 users as on 5,000.
    const candidates = (await storage.userLookup.byEmail(orgId, email)).map((r) => r.data);
    const found = findByEmail(candidates, email) as User | undefined;
    const user = found && found.status !== 'Archived' ? found : undefined;
    // A hash of other parameters (e.g. 2,147,483,647 iterations) is never verified: it would stall the server.
    const isRight =
      user && hasHashParameters(user.passwordHash, deps.hashIterations)
        ? await verify(password, user.passwordHash)
        : await verifyNothing(password);
    if (!user) return reply.code(401).send({ error: 'unknown-user' });
    if (!isRight) return reply.code(401).send({ error: 'wrong-password' });
    if (user.status !== 'Active') return reply.code(403).send({ error: 'inactive' });
    // A one-time password opens the account only while its invitation lasts (72 h); the emergency area's
    // account, whose password is the README's, only from the browser that sent the form (issue 29, item 1).
    const account = { orgId, userId: user.id };
    const proof =
      user.mustChangePassword === true && (await hasEmergencyProof(storage, request, account, now));
    if (!passwordOpensAccount(user, now, proof)) return reply.code(403).send({ error: 'invitation-expired' });
    await sessions.revokeCookie(request, 'user', now);
    const { token } = await sessions.open({
      orgId,
      userId: user.id,
      scope: 'user',
      deviceId: 'password',
      now,
    });
    // "Se souvenir de moi" unchecked: a browser-session cookie, gone when the browser closes.
    setSessionCookie(request, reply, 'user', token, remember ? SESSION_ABSOLUTE_MS / 1000 : undefined);
    // The person's own record, hash included: the device can then let them sign in offline.
    const answer: LoginAnswer = { user };
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await sessions.revokeCookie(request, 'user', new Date());
    clearSessionCookie(request, reply, 'user');
    return reply.send({ ok: true });
  });

  // Who this browser is for the server: the person signed in (if any) and the kiosk credential (if any).
  app.get('/api/auth/session', OWN_SESSION_OPTIONAL, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const now = new Date();
    const { auth } = request;
    const kiosk = await sessions.find(parseCookies(request.headers.cookie).get(KIOSK_COOKIE), now);
    // Nobody: a plain answer, not a 401 — this is asked on every start, and browsers print every 4xx as a
    // console error on the login screen.
    if (!auth && !kiosk) return { orgId: null, userId: null, kiosk: null } satisfies SessionAnswer;
    return {
      orgId: (auth?.session ?? kiosk)?.orgId ?? null,
      userId: auth?.user?.id ?? null,
      kiosk: kiosk ? kioskView(kiosk) : null,
    } satisfies SessionAnswer;
  });

  // Change of one's own password (the dialog, and the first-login screen): the server checks the current one.
  // The other sessions of the person end; this one stays.
  app.post('/api/auth/password', OWN_PERSON, async (request, reply) => {
    const body = passwordSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const auth = sessionOf(request);
    if (!auth.user) throw new Error('a person session without its person');
    const now = new Date();
    const limited = await hitRateLimits(
      storage,
      [{ rule: 'signinAccount', key: `${auth.session.orgId}:${auth.user.email.trim().toLowerCase()}` }],
      now,
      deps.limits,
    );
    if (!limited.ok) return replyRateLimited(reply, limited);
    const { current } = body.data;
    const isForcedChange =
      current === undefined &&
      auth.user.mustChangePassword === true &&
      now.getTime() - Date.parse(auth.session.createdAt) <= FORCED_CHANGE_WINDOW_MS;
    if (!isForcedChange && !(current !== undefined && (await verify(current, auth.user.passwordHash))))
      return reply.code(403).send({ error: 'current-wrong' });
    if (body.data.next.length < PASSWORD_MIN_LENGTH) return reply.code(400).send({ error: 'new-too-short' });
    const passwordHash = await hashSecret(body.data.next);
    await applyServerChanges(
      storage,
      auth.session.orgId,
      [
        {
          collection: 'users',
          id: auth.user.id,
          fields: { passwordHash, mustChangePassword: false, invitationExpiresAt: null },
        },
      ],
      now,
    );
    if (isForcedChange)
      await spendEmergencyProof(storage, { orgId: auth.session.orgId, userId: auth.user.id });
    await storage.sessions.revokeUser(
      auth.session.orgId,
      auth.user.id,
      now.toISOString(),
      auth.session.tokenHash,
    );
    const [record] = await storage.readRecords(auth.session.orgId, [
      { collection: 'users', id: auth.user.id },
    ]);
    return reply.header('cache-control', 'no-store').send({ user: record?.data ?? null });
  });

  // PIN check of an enrolled kiosk, online: the server's hash and rate limits decide (the tablet keeps its
  // own 3-tries cooldown for offline use).
  app.post('/api/auth/pin', OWN_KIOSK, async (request, reply) => {
    const body = pinSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const auth = sessionOf(request);
    if (auth.session.orgId !== body.data.orgId) return reply.code(403).send({ error: 'other-organisation' });
    const now = new Date();
    // Per (kiosk, teacher) and per address: another kiosk or address cannot lock a teacher out of her
    // classroom kiosk. The spec's 3 tries then 5 minutes stay on the kiosk itself (its own tries).
    const limited = await hitRateLimits(
      storage,
      [
        { rule: 'pinPair', key: `${auth.session.tokenHash}:${body.data.userId}` },
        { rule: 'pinAddress', key: request.ip },
      ],
      now,
      deps.limits,
    );
    if (!limited.ok) return replyRateLimited(reply, limited);
    const [record] = await storage.readRecords(body.data.orgId, [
      { collection: 'users', id: body.data.userId },
    ]);
    const user = record?.data as User | undefined;
    const profiles = await profilesOf(storage, body.data.orgId);
    if (!user || user.status !== 'Active' || !holdsTeacherToday(profiles, user))
      return reply.code(403).send({ error: 'not-allowed' });
    // The kiosk roster: teachers only, unless an administrator set this kiosk to list administrators too
    // (kept on the server for this kiosk's session, never taken from the request). Refused before the PIN is
    // looked at, so the answer says nothing about the PIN.
    const includesAdminProfiles = await kioskListsAdmins(storage, auth.session.tokenHash);
    if (!isKioskTeacher(profiles, user, { includesAdminProfiles }))
      return reply.code(403).send({ error: 'not-in-roster' });
    // The spec's 3 tries then 5 minutes, counted here for this kiosk and this teacher (issue 29 item 4): a
    // kiosk can neither set a teacher's cooldown nor lift one, and another kiosk's tries lock nobody out here.
    const pair = { kioskTokenHash: auth.session.tokenHash, userId: user.id };
    if (!(await pinTriesOpen(storage, pair, now))) return reply.code(403).send({ error: 'cooldown' });
    const gate = pinGate(user, now);
    if (!gate.ok && gate.code !== 'cooldown') return reply.code(403).send({ error: gate.code });
    const isRight = await verify(body.data.pin, user.pinHash);
    const startsCooldown = await countPinTry(storage, pair, isRight, now);
    if (!isRight) return reply.code(401).send({ error: startsCooldown ? 'cooldown' : 'wrong-pin' });
    // The proof the teacher's check-in carries: without it a kiosk's check is « borne hors ligne ».
    const { proof, expiresAt } = await issuePinProof(storage, { orgId: body.data.orgId, ...pair }, now);
    return reply.header('cache-control', 'no-store').send({ ok: true, proof, expiresAt } satisfies PinAnswer);
  });

  // Kiosk enrolment: an administrator signed in on the tablet turns it into a classroom kiosk. The device
  // credential is a second cookie, long-lived, that survives the administrator's sign-out.
  app.post('/api/kiosks', OWN_PERSON, async (request, reply) => {
    const body = kioskSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const auth = sessionOf(request);
    if (auth.viewer.kind !== 'user' || !isFullAdministration(auth.viewer.granted))
      return reply.code(403).send({ error: 'forbidden' });
    const now = new Date();
    await sessions.revokeCookie(request, 'kiosk', now);
    const { token, row } = await sessions.open({
      orgId: auth.session.orgId,
      userId: auth.session.userId,
      scope: 'kiosk',
      deviceId: body.data.name,
      now,
    });
    setSessionCookie(request, reply, 'kiosk', token, KIOSK_ABSOLUTE_MS / 1000);
    return reply.code(201).send(kioskView(row));
  });

  // The roster of the kiosk this tablet is: set by an administrator signed in on it (both cookies present).
  app.put('/api/kiosk/options', OWN_PERSON, async (request, reply) => {
    const body = kioskOptionsRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const auth = sessionOf(request);
    if (auth.viewer.kind !== 'user' || !isFullAdministration(auth.viewer.granted))
      return reply.code(403).send({ error: 'forbidden' });
    const kiosk = await sessions.find(parseCookies(request.headers.cookie).get(KIOSK_COOKIE), new Date());
    if (!kiosk || kiosk.scope !== 'kiosk' || kiosk.orgId !== auth.session.orgId)
      return reply.code(409).send({ error: 'not-a-kiosk' });
    await storage.settings.set(kioskRosterSetting(kiosk.tokenHash), body.data.listsAdmins ? '1' : '0');
    return reply.header('cache-control', 'no-store').send({ listsAdmins: body.data.listsAdmins });
  });

  app.get('/api/kiosks', OWN_PERSON, async (request, reply) => {
    const auth = sessionOf(request);
    if (auth.viewer.kind !== 'user' || !isFullAdministration(auth.viewer.granted))
      return reply.code(403).send({ error: 'forbidden' });
    const rows = await storage.sessions.listKiosks(auth.session.orgId);
    return reply.header('cache-control', 'no-store').send({ kiosks: rows.map(kioskView) });
  });

  app.delete('/api/kiosks/:id', OWN_PERSON, async (request, reply) => {
    const auth = sessionOf(request);
    if (auth.viewer.kind !== 'user' || !isFullAdministration(auth.viewer.granted))
      return reply.code(403).send({ error: 'forbidden' });
    const id = (request.params as { id: string }).id;
    const rows = await storage.sessions.listKiosks(auth.session.orgId);
    const row = rows.find((r) => r.tokenHash.slice(0, 16) === id);
    if (!row) return reply.code(404).send({ error: 'not-found' });
    await storage.sessions.revoke(row.tokenHash, new Date().toISOString());
    return { ok: true };
  });

  // This tablet stops being a kiosk (an administrator signed in on it, or the kiosk itself).
  app.delete('/api/kiosk', async (request, reply) => {
    await sessions.revokeCookie(request, 'kiosk', new Date());
    clearSessionCookie(request, reply, 'kiosk');
    return { ok: true };
  });
}
