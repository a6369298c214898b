import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedCreatedAnswerSchema, feedListAnswerSchema } from '../../src/domain/api-schemas/calendar';
import type { Slot } from '../../src/domain/store/schema';
import type { PushResponse } from '../../src/domain/sync/protocol';
import { courseSlot, L1_TEACHERS, l1Class, l1Week, putMutation } from '../support/builders';
import {
  api,
  enrolKiosk,
  pushChanges,
  serverBackends,
  signInAs,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 35, item 2, over real HTTP on every storage engine: a person's private calendar address, read back
 * with ical.js (a maintained RFC 5545 parser, the one Thunderbird uses): times in the organisation's zone
 * with its VTIMEZONE, a moved course keeps its UID (updated, not duplicated), a cancelled one is CANCELLED;
 * a revoked or regenerated address answers 404; a teacher cannot get another teacher's feed, a kiosk none.
 */
const backends = await serverBackends();
const ORG = 'ecole-agenda';
const [T1, T2] = L1_TEACHERS;

// Monday 23 November 2026, 09:00 UTC (10:00 in Paris, winter time: UTC+1).
const NOW = '2026-11-23T09:00:00.000Z';
const slots: Slot[] = [
  courseSlot(1, '10:00', '12:00', 'cm-algo', T1.id, { id: 's-algo', room: 'B12' }),
  courseSlot(3, '14:00', '16:00', 'cm-web', T1.id, { id: 's-web', room: 'Salle 4, 2e étage' }),
  courseSlot(2, '08:00', '10:00', 'cm-algo', T2.id, { id: 's-other' }),
];
const timetable = l1Week(slots);

const orgData = () =>
  l1Class([T1, T2], {
    courseModules: [
      { id: 'cm-algo', code: 'ALG', name: 'Algorithmique', levelId: 'l-1' },
      { id: 'cm-web', code: 'WEB', name: 'Développement web', levelId: 'l-1' },
    ],
    timetables: [timetable],
    settings: [{ id: 'org', pinValidityDays: 90, timeZone: 'Europe/Paris' }],
  });

let server: RunningServer;
let admin: string;
let revision: number;

const feeds = (cookie: string | null, body: unknown, suffix = '') =>
  api(`${server.url}/api/calendar/feeds${suffix}?orgId=${ORG}`, cookie, { method: 'POST', body });

async function newFeed(cookie: string, body: unknown): Promise<string> {
  const response = await feeds(cookie, body);
  expect(response.status).toBe(200);
  const answer = feedCreatedAnswerSchema.parse(await response.json());
  expect(answer.path).toMatch(/^\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  return answer.path;
}

interface ReadEvent {
  uid: string;
  summary: string;
  location: string | null;
  status: string | null;
  sequence: number;
  startUtc: string;
  startLocal: string;
  zone: string;
}

async function readFeed(path: string): Promise<{ text: string; events: ReadEvent[] }> {
  const response = await api(`${server.url}${path}`, null);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
  const text = await response.text();
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  // The zone travels with the feed: registered from its VTIMEZONE, as a calendar application does.
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location || null,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      startUtc: event.startDate.toJSDate().toISOString(),
      startLocal: event.startDate.toString(),
      zone: event.startDate.zone?.tzid ?? '',
    };
  });
  return { text, events };
}

describe.each(backends)('$name: calendar feeds (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root: admin, revision } = org);
  });
  afterEach(() => {
    ICAL.TimezoneService.reset();
  });

  it('a teacher’s feed: her courses in the organisation’s zone; a moved course updates, a cancelled one is CANCELLED', async () => {
    const t1 = await signInAs(server.url, ORG, T1);
    const path = await newFeed(t1, { kind: 'me' });

    const first = await readFeed(path);
    expect(first.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris');
    expect(first.text).not.toMatch(/latitude|longitude|contrat|heures/i);
    expect(first.events.map((e) => e.summary)).toEqual([
      'Algorithmique · L1-INFO',
      'Développement web · L1-INFO',
    ]);
    const [algo, web] = first.events;
    expect(algo).toMatchObject({
      location: 'B12',
      zone: 'Europe/Paris',
      startLocal: '2026-11-23T10:00:00',
      startUtc: '2026-11-23T09:00:00.000Z',
      status: 'CONFIRMED',
    });
    // Escaped comma read back as written.
    expect(web?.location).toBe('Salle 4, 2e étage');

    // An administrator moves the Monday course to Tuesday 11:00 and cancels the Wednesday one.
    const moved: Slot[] = [
      { ...slots[0]!, dayOfWeek: 2, startTime: '11:00', endTime: '13:00' },
      { ...slots[1]!, canceled: true },
      slots[2]!,
    ];
    const push = await pushChanges(
      server.url,
      ORG,
      admin,
      [
        putMutation({
          collection: 'timetables',
          recordId: timetable.id,
          baseRevision: revision,
          values: { slots: moved },
          createdAt: NOW,
        }),
      ],
      { clientId: 'admin-laptop' },
    );
    expect(push.status).toBe(200);
    expect(((await push.json()) as PushResponse).results[0]?.status).not.toBe('rejected');

    const second = await readFeed(path);
    expect(second.events).toHaveLength(2);
    const movedAlgo = second.events.find((e) => e.uid === algo?.uid);
    expect(movedAlgo).toMatchObject({
      startLocal: '2026-11-24T11:00:00',
      startUtc: '2026-11-24T10:00:00.000Z',
    });
    expect(movedAlgo!.sequence).toBeGreaterThan(algo!.sequence);
    const canceledWeb = second.events.find((e) => e.uid === web?.uid);
    expect(canceledWeb).toMatchObject({
      status: 'CANCELLED',
      summary: 'Annulé : Développement web · L1-INFO',
    });
  });

  it('a revoked address answers 404; regenerating replaces the address', async () => {
    const t1 = await signInAs(server.url, ORG, T1);
    const first = await newFeed(t1, { kind: 'me' });
    const second = await newFeed(t1, { kind: 'me' });
    expect(second).not.toBe(first);
    expect((await api(`${server.url}${first}`, null)).status).toBe(404);
    expect((await api(`${server.url}${second}`, null)).status).toBe(200);

    const list = feedListAnswerSchema.parse(
      await (await api(`${server.url}/api/calendar/feeds?orgId=${ORG}`, t1)).json(),
    );
    expect(list.feeds).toEqual([{ kind: 'me', targetId: T1.id, createdAt: NOW }]);
    expect(JSON.stringify(list)).not.toContain(second.slice(14, 78));

    expect((await feeds(t1, { kind: 'me' }, '/revoke')).status).toBe(200);
    expect((await api(`${server.url}${second}`, null)).status).toBe(404);
    expect((await feeds(t1, { kind: 'me' }, '/revoke')).status).toBe(404);
    // Unknown and malformed tokens: the same 404.
    expect((await api(`${server.url}/api/calendar/${'0'.repeat(64)}.ics`, null)).status).toBe(404);
    expect((await api(`${server.url}/api/calendar/abc.ics`, null)).status).toBe(404);
  });

  it('only the token is stored hashed; an archived owner’s address answers 404', async () => {
    const t1 = await signInAs(server.url, ORG, T1);
    const path = await newFeed(t1, { kind: 'me' });
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    expect(await server.storage.settings.get(`calendar-feed:${token}`)).toBeNull();
    const archive = await pushChanges(
      server.url,
      ORG,
      admin,
      [
        putMutation({
          collection: 'users',
          recordId: T1.id,
          baseRevision: revision,
          values: { status: 'Inactive' },
          createdAt: NOW,
        }),
      ],
      { clientId: 'admin-laptop' },
    );
    expect(((await archive.json()) as PushResponse).results[0]?.status).not.toBe('rejected');
    expect((await api(`${server.url}${path}`, null)).status).toBe(404);
  });

  it('a teacher cannot get another teacher’s or a class’s feed; a kiosk none; an administrator per class', async () => {
    const t1 = await signInAs(server.url, ORG, T1);
    const other = await feeds(t1, { kind: 'teacher', targetId: T2.id });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: 'not-admin' });
    expect((await feeds(t1, { kind: 'class', targetId: 'c-l1' })).status).toBe(403);
    expect((await feeds(null, { kind: 'me' })).status).toBe(401);

    const kiosk = await enrolKiosk(server.url, admin);
    const fromKiosk = await feeds(kiosk, { kind: 'me' });
    expect(fromKiosk.status).toBe(403);
    expect(await fromKiosk.json()).toEqual({ error: 'kiosk' });

    const classFeed = await newFeed(admin, { kind: 'class', targetId: 'c-l1' });
    const { events, text } = await readFeed(classFeed);
    expect(text).toContain('X-WR-CALNAME:Cours de la classe L1-INFO');
    expect(events).toHaveLength(3);
    const teacherFeed = await newFeed(admin, { kind: 'teacher', targetId: T2.id });
    expect((await readFeed(teacherFeed)).events.map((e) => e.startLocal)).toEqual(['2026-11-24T08:00:00']);
    expect((await feeds(admin, { kind: 'class', targetId: 'c-unknown' })).status).toBe(404);
  });
});
