import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { effectiveModules, profileModuleIds } from '../../src/domain/access/viewer';
import {
  FEED_TOKEN_HEX_LENGTH,
  FEED_TOKEN_PATTERN,
  feedKeySchema,
  type FeedCreatedAnswer,
  type FeedKey,
  type FeedKind,
  type FeedListAnswer,
  type FeedRefusal,
} from '../../src/domain/api-schemas/calendar';
import { feedEvents, feedRange, type FeedTimetable } from '../../src/domain/calendar/feed-events';
import {
  feedRequestRefusal,
  feedSubjectOf,
  feedTargetOf,
  mayHoldOthersFeeds,
} from '../../src/domain/calendar/feed-rights';
import { validTimeZone, writeCalendar } from '../../src/domain/calendar/ics';
import { ORG_SETTINGS_ID } from '../../src/domain/defaults';
import { randomHex, sha256Hex } from '../../src/domain/secrets';
import type { CourseModule, Profile, SchoolClass, Timetable, User } from '../../src/domain/store/schema';
import { timetableRange } from '../../src/domain/time/timetable-dates';
import { frCalendar } from '../../src/i18n/fr-calendar';
import { addressRateLimit } from '../auth/rate-limit';
import type { Authenticated } from '../auth/sessions';
import type { ServerConfig } from '../config';
import type { SyncStorage } from '../storage/sync-storage';
import { sessionOf } from './org-session';
import { replacementsFor } from './calendar-replacements';

/**
 * Calendar feeds (issue 35, item 2): a private iCalendar address per person (her courses), and for an
 * administrator of the plannings one per class or per teacher.
 *
 * - GET  /api/calendar/feeds?orgId=         the session's feeds {kind, targetId, createdAt} (never a token)
 * - POST /api/calendar/feeds?orgId=         {kind, targetId?}: a new address (the previous one of that kind
 *                                           and target stops working), answered once
 * - POST /api/calendar/feeds/revoke?orgId=  {kind, targetId?}: the address stops working (404 if none)
 * - GET  /api/calendar/<token>.ics          the feed, without a session; 404 for an unknown or revoked token,
 *                                           an owner no longer active, or an owner who lost the right
 *
 * Only the token's SHA-256 is kept, in the server's settings table (never synced to a device, never in a
 * backup): `calendar-feed:<hash>` holds the feed, looked up by that key (a primary-key read whatever the
 * token sent: no comparison of secrets in the process, nothing to time); the owner's list of hashes lets
 * her revoke or regenerate. The feed carries the courses only: no positions, no hours, no pay.
 */
export interface CalendarDeps {
  storage: SyncStorage;
  config: ServerConfig;
  clock?: () => Date;
}

interface StoredFeed {
  orgId: string;
  ownerId: string;
  kind: FeedKind;
  targetId: string;
  createdAt: string;
  revokedAt: string | null;
}

interface OwnedFeed {
  hash: string;
  kind: FeedKind;
  targetId: string;
  createdAt: string;
}

const tokenKey = (hash: string) => `calendar-feed:${hash}`;
const ownerKey = (orgId: string, ownerId: string) => `calendar-feeds:${JSON.stringify([orgId, ownerId])}`;

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function refuse(reply: FastifyReply, status: number, error: FeedRefusal) {
  return reply.code(status).send({ error });
}

/** The owner's list, changed with compare-and-set: two servers revoking at once both see their change kept. */
async function updateOwned(
  storage: SyncStorage,
  key: string,
  change: (feeds: OwnedFeed[]) => OwnedFeed[],
): Promise<{ before: OwnedFeed[]; after: OwnedFeed[] }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await storage.settings.get(key);
    const before = parseJson<OwnedFeed[]>(current) ?? [];
    const after = change(before);
    if (await storage.settings.replaceIf(key, current, JSON.stringify(after))) return { before, after };
  }
  throw new Error('calendar feeds: too many concurrent changes');
}

async function revokeHashes(storage: SyncStorage, hashes: readonly string[], at: string): Promise<void> {
  for (const hash of hashes) {
    const feed = parseJson<StoredFeed>(await storage.settings.get(tokenKey(hash)));
    if (feed && feed.revokedAt === null)
      await storage.settings.set(tokenKey(hash), JSON.stringify({ ...feed, revokedAt: at }));
  }
}

const SESSION = { config: { session: 'required' } } as const;

const sameKey = (orgFeed: OwnedFeed, kind: FeedKind, targetId: string) =>
  orgFeed.kind === kind && orgFeed.targetId === targetId;

export function registerCalendarRoutes(app: FastifyInstance, deps: CalendarDeps): void {
  const { storage, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const anonymousAddress = {
    onRequest: addressRateLimit(storage, 'anonymousAddress', config.rateLimits, clock),
  };

  /** The session asking, or the answer already sent. */
  function requester(request: FastifyRequest, reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    // The session and its organisation come from the one session hook (routes/org-session.ts).
    const auth = sessionOf(request);
    if (auth.viewer.kind !== 'user') return { done: refuse(reply, 403, 'kiosk') };
    return { orgId: request.orgId, userId: auth.viewer.userId, auth, granted: effectiveModules(auth.viewer) };
  }

  function checkKey(
    reply: FastifyReply,
    who: { userId: string; auth: Authenticated; granted: ReadonlySet<string> },
    body: unknown,
  ): { key: FeedKey } | { done: FastifyReply } {
    const parsed = feedKeySchema.safeParse(body);
    if (!parsed.success) return { done: reply.code(400).send({ error: 'invalid-body' }) };
    const refused = feedRequestRefusal(
      { kind: 'user', userId: who.userId, loginMode: 'password', granted: who.granted },
      parsed.data,
    );
    if (refused) return { done: refuse(reply, 403, refused) };
    return { key: parsed.data };
  }

  app.get('/api/calendar/feeds', SESSION, async (request, reply) => {
    const who = requester(request, reply);
    if ('done' in who) return who.done;
    const owned = parseJson<OwnedFeed[]>(await storage.settings.get(ownerKey(who.orgId, who.userId))) ?? [];
    const answer: FeedListAnswer = {
      feeds: owned.map(({ kind, targetId, createdAt }) => ({ kind, targetId, createdAt })),
    };
    return answer;
  });

  app.post('/api/calendar/feeds', SESSION, async (request, reply) => {
    const who = requester(request, reply);
    if ('done' in who) return who.done;
    const checked = checkKey(reply, who, request.body);
    if ('done' in checked) return checked.done;
    const { key } = checked;
    const targetId = feedTargetOf(who.userId, key);
    if (key.kind !== 'me') {
      const collection = key.kind === 'class' ? 'classes' : 'users';
      const [target] = await storage.readRecords(who.orgId, [{ collection, id: targetId }]);
      if (!target) return refuse(reply, 404, 'unknown-target');
    }
    const now = clock().toISOString();
    const token = randomHex(FEED_TOKEN_HEX_LENGTH / 2);
    const hash = await sha256Hex(token);
    const feed: StoredFeed = {
      orgId: who.orgId,
      ownerId: who.userId,
      kind: key.kind,
      targetId,
      createdAt: now,
      revokedAt: null,
    };
    await storage.settings.set(tokenKey(hash), JSON.stringify(feed));
    const { before } = await updateOwned(storage, ownerKey(who.orgId, who.userId), (feeds) => [
      ...feeds.filter((f) => !sameKey(f, key.kind, targetId)),
      { hash, kind: key.kind, targetId, createdAt: now },
    ]);
    // Regenerating: the previous address of this kind and target stops working.
    await revokeHashes(
      storage,
      before.filter((f) => sameKey(f, key.kind, targetId)).map((f) => f.hash),
      now,
    );
    const path = `/api/calendar/${token}.ics`;
    const answer: FeedCreatedAnswer = {
      ok: true,
      path,
      link: config.publicUrl ? `${config.publicUrl}${path}` : null,
      createdAt: now,
    };
    return answer;
  });

  app.post('/api/calendar/feeds/revoke', SESSION, async (request, reply) => {
    const who = requester(request, reply);
    if ('done' in who) return who.done;
    const parsed = feedKeySchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid-body' });
    // Revoking one's own address is always allowed (even after losing the right to hold it).
    const key = parsed.data;
    const targetId = feedTargetOf(who.userId, key);
    const { before } = await updateOwned(storage, ownerKey(who.orgId, who.userId), (feeds) =>
      feeds.filter((f) => !sameKey(f, key.kind, targetId)),
    );
    const gone = before.filter((f) => sameKey(f, key.kind, targetId));
    if (gone.length === 0) return reply.code(404).send({ error: 'not-found' });
    await revokeHashes(
      storage,
      gone.map((f) => f.hash),
      clock().toISOString(),
    );
    return { ok: true };
  });

  app.get('/api/calendar/:file', anonymousAddress, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    void reply.header('referrer-policy', 'no-referrer');
    const notFound = () => reply.code(404).send({ error: 'not-found' });
    const { file } = request.params as { file: string };
    const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
    if (!FEED_TOKEN_PATTERN.test(token)) return notFound();
    const feed = parseJson<StoredFeed>(await storage.settings.get(tokenKey(await sha256Hex(token))));
    if (!feed || feed.revokedAt !== null) return notFound();
    const { orgId, ownerId } = feed;
    const [ownerRecord, settingsRecord] = await storage.readRecords(orgId, [
      { collection: 'users', id: ownerId },
      { collection: 'settings', id: ORG_SETTINGS_ID },
    ]);
    const owner = ownerRecord?.collection === 'users' ? (ownerRecord.data as User) : null;
    if (!owner || owner.status !== 'Active') return notFound();
    const key: FeedKey = feed.kind === 'me' ? { kind: 'me' } : { kind: feed.kind, targetId: feed.targetId };
    if (key.kind !== 'me' && !(key.kind === 'teacher' && key.targetId === ownerId)) {
      const profiles = (await storage.readCollection(orgId, 'profiles')).map((r) => r.data as Profile);
      if (!mayHoldOthersFeeds(profileModuleIds(profiles, owner.profileId))) return notFound();
    }
    const settings = settingsRecord?.collection === 'settings' ? settingsRecord.data : undefined;
    const now = clock();
    const range = feedRange(now);
    const subject = feedSubjectOf(ownerId, key);

    // Only the timetables whose period meets the feed's dates.
    const timetables: FeedTimetable[] = (await storage.readCollection(orgId, 'timetables'))
      .map((r) => ({ timetable: r.data as Timetable, revision: r.rev, changedAt: null }))
      .filter(({ timetable }) => {
        const period = timetableRange(timetable);
        return !!period && period.start < range.end && period.end > range.start;
      });
    const replacements = await replacementsFor(storage, orgId, subject, range);
    const [classes, modules] = await Promise.all([
      storage.readCollection(orgId, 'classes'),
      storage.readCollection(orgId, 'courseModules'),
    ]);
    const teacherIds = new Set<string>([ownerId]);
    for (const { timetable } of timetables)
      for (const slot of timetable.slots) teacherIds.add(slot.teacherUserId);
    for (const r of replacements) if (r.substituteUserId) teacherIds.add(r.substituteUserId);
    teacherIds.delete('');
    const teachers = await storage.readRecords(
      orgId,
      [...teacherIds].map((id) => ({ collection: 'users' as const, id })),
    );
    const classNames = new Map(classes.map((r) => [r.id, (r.data as SchoolClass).code]));
    const events = feedEvents({
      subject,
      timetables,
      classNames,
      moduleNames: new Map(modules.map((r) => [r.id, (r.data as CourseModule).name])),
      teacherNames: new Map(teachers.map((r) => [r.id, (r.data as User).name])),
      replacements,
      now,
      texts: frCalendar.feed,
    });
    const t = frCalendar.feed;
    const name =
      subject.kind === 'class'
        ? t.classCalendarName(classNames.get(subject.classId) ?? t.unknown)
        : t.calendarName(
            teachers.find((r) => r.id === subject.userId)?.data.name?.toString() ??
              (subject.userId === ownerId ? owner.name : t.unknown),
          );
    const text = writeCalendar({
      name,
      timeZone: validTimeZone(settings?.timeZone),
      events,
      now: DateTime.fromJSDate(now, { zone: 'utc' }),
      range,
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="cours.ics"')
      .send(text);
  });
}
