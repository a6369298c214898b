import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { StoreV1 } from '../../src/domain/store/schema';
import {
  MAX_MUTATIONS_PER_BATCH,
  type ChangesResponse,
  type ConflictEntry,
  type Mutation,
  type PushResponse,
  type RemoteRecord,
} from '../../src/domain/sync/protocol';
import {
  freePort,
  api,
  pushAccepted,
  ROOT_ADMIN,
  startServerProcess,
  stopProcess,
  serverBackends,
  useSeededOrg,
  type RunningServer,
} from './helpers';
import { slot as baseSlot, putMutation as mutation, weekTimetable } from '../support/builders';

let server: RunningServer;
/** The seeded organisation's administrator session (Super Admin: every mutation is within its rights). */
let cookie: string;
/** The revision the seed left: every revision below is counted from it. */
let r0: number;

// Every test below runs on each storage engine of this run (SQLite, and PostgreSQL when reachable).
const backends = await serverBackends();

const push = (clientId: string, mutations: Mutation[], base = server.url): Promise<PushResponse> =>
  pushAccepted(base, 'demo', cookie, mutations, { clientId });

async function store(base = server.url): Promise<StoreV1> {
  return (await (await api(`${base}/api/store?orgId=demo`, cookie)).json()) as StoreV1;
}

async function changes(query: string): Promise<ChangesResponse> {
  const response = await api(`${server.url}/api/changes?orgId=demo&${query}`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as ChangesResponse;
}

const level = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };
/** 08:00-10:00 on `dayOfWeek`, module m-1, teacher u-1. */
const slot = (id: string, dayOfWeek: number) =>
  baseSlot({ id, dayOfWeek, moduleId: 'm-1', teacherUserId: 'u-1' });
const timetable = weekTimetable('t-1', '2026-11-16', [slot('s-1', 1), slot('s-2', 2)], {
  classId: 'c-1',
  createdAt: '2026-11-15T10:00:00.000Z',
});
/** A check-in by the administrator on the seeded course, within its window (the server checks both). */
const checkin = (id: string) => ({
  id,
  timestamp: '2026-11-16T07:55:00.000Z',
  action: 'planning-checkin',
  actorUserId: ROOT_ADMIN.id,
  actorUserName: ROOT_ADMIN.name,
  timetableId: 't-att',
  slotIndex: 0,
  teacherUserId: 'u-t1',
});

/** The course those check-ins are for: Monday 16/11/2026, 08:00-10:00. */
const course = {
  timetables: [
    weekTimetable('t-att', '2026-11-16', [baseSlot({ id: 's-0', moduleId: 'm-1', teacherUserId: 'u-t1' })], {
      classId: 'c-1',
      createdAt: '2026-11-15T10:00:00.000Z',
    }),
  ],
};

describe.each(backends)('$name', (backend) => {
  const org = useSeededOrg(backend, 'demo', { store: () => course });
  beforeEach(() => {
    ({ server, root: cookie, revision: r0 } = org);
  });

  describe('POST /api/mutations', () => {
    it('creates records, answers the new revision and one result per mutation', async () => {
      const answer = await push('a', [
        mutation({ collection: 'levels', recordId: 'l-1', values: level }),
        mutation({ collection: 'planningLogs', recordId: 'pl-1', values: checkin('pl-1') }),
      ]);
      expect(answer.revision).toBe(r0 + 1);
      expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);
      const s = await store();
      expect(s.levels).toEqual([level]);
      expect(s.planningLogs).toHaveLength(1);
    });

    it('is idempotent: a replayed batch is acknowledged as duplicate and changes nothing', async () => {
      const batch = [
        mutation({ collection: 'levels', recordId: 'l-1', values: level }),
        mutation({ collection: 'planningLogs', recordId: 'pl-1', values: checkin('pl-1') }),
      ];
      const first = await push('a', batch);
      const before = await store();
      const again = await push('a', batch);
      expect(again.revision).toBe(first.revision);
      expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
      expect(again.results[0]?.record?.data).toEqual(level);
      expect(await store()).toEqual(before);
    });

    it('merges field by field: two devices editing different fields from the same base both keep them', async () => {
      await push('admin', [mutation({ collection: 'levels', recordId: 'l-1', values: level })]);
      const a = await push('phone', [
        mutation({
          collection: 'levels',
          recordId: 'l-1',
          baseRevision: r0 + 1,
          values: { name: 'Licence un' },
        }),
      ]);
      const b = await push('desk', [
        mutation({ collection: 'levels', recordId: 'l-1', baseRevision: r0 + 1, values: { abbr: 'LIC1' } }),
      ]);
      expect(a.results[0]?.status).toBe('applied');
      expect(b.results[0]?.status).toBe('applied');
      expect((await store()).levels).toEqual([{ id: 'l-1', name: 'Licence un', abbr: 'LIC1' }]);
    });

    it.each([
      ['the later edit arrives last', false],
      ['the later edit arrives first', true],
    ])(
      'settles a concurrent edit of one field by device time when %s, and keeps the lost value',
      async (_n, reversed) => {
        await push('admin', [mutation({ collection: 'levels', recordId: 'l-1', values: level })]);
        const early = mutation({
          collection: 'levels',
          recordId: 'l-1',
          baseRevision: r0 + 1,
          values: { name: 'Tôt' },
          createdAt: '2026-11-16T08:00:00.000Z',
        });
        const late = mutation({
          collection: 'levels',
          recordId: 'l-1',
          baseRevision: r0 + 1,
          values: { name: 'Tard' },
          createdAt: '2026-11-16T09:00:00.000Z',
        });
        const order: [string, Mutation][] = reversed
          ? [
              ['late', late],
              ['early', early],
            ]
          : [
              ['early', early],
              ['late', late],
            ];
        for (const [client, m] of order) await push(client, [m]);
        expect((await store()).levels[0]?.name).toBe('Tard');
        const conflicts = (await (await api(`${server.url}/api/conflicts?orgId=demo`, cookie)).json()) as {
          conflicts: ConflictEntry[];
        };
        expect(conflicts.conflicts).toHaveLength(1);
        expect(conflicts.conflicts[0]).toMatchObject({
          collection: 'levels',
          recordId: 'l-1',
          field: 'name',
          reason: 'concurrent-edit',
          keptValue: 'Tard',
          lostValue: 'Tôt',
          lostMutationId: early.mutationId,
        });
      },
    );

    it('gives an edit made after seeing the current value the last word, whatever the device clocks', async () => {
      await push('admin', [mutation({ collection: 'levels', recordId: 'l-1', values: level })]);
      await push('a', [
        mutation({
          collection: 'levels',
          recordId: 'l-1',
          baseRevision: r0 + 1,
          values: { name: 'A' },
          createdAt: '2026-12-01',
        }),
      ]);
      // b pulled revision 2 and edits with a clock that runs late.
      await push('b', [
        mutation({
          collection: 'levels',
          recordId: 'l-1',
          baseRevision: r0 + 2,
          values: { name: 'B' },
          createdAt: '2026-01-01',
        }),
      ]);
      expect((await store()).levels[0]?.name).toBe('B');
    });

    it('merges slots by id: different slots changed, and slots added, on two devices are all kept', async () => {
      await push('admin', [mutation({ collection: 'timetables', recordId: 't-1', values: timetable })]);
      const phone = structuredClone(timetable);
      phone.slots[0] = { ...slot('s-1', 1), startTime: '09:00', endTime: '11:00' };
      phone.slots.push(slot('s-phone', 3));
      const desk = structuredClone(timetable);
      desk.slots[1] = { ...slot('s-2', 2), canceled: true };
      desk.slots.push(slot('s-desk', 4));
      const a = await push('phone', [
        mutation({
          collection: 'timetables',
          recordId: 't-1',
          baseRevision: r0 + 1,
          values: { slots: phone.slots },
        }),
      ]);
      const b = await push('desk', [
        mutation({
          collection: 'timetables',
          recordId: 't-1',
          baseRevision: r0 + 1,
          values: { slots: desk.slots },
        }),
      ]);
      expect(a.results[0]?.status).toBe('applied');
      expect(b.results[0]?.status).toBe('merged');
      const slots = (await store()).timetables[0]?.slots ?? [];
      expect(slots.map((s) => [s.id, s.startTime, s.canceled])).toEqual([
        ['s-1', '09:00', false],
        ['s-2', '08:00', true],
        ['s-phone', '08:00', false],
        ['s-desk', '08:00', false],
      ]);
      expect(b.results[0]?.record?.data?.slots).toEqual(slots);
    });

    it('gives slots without id a stable id from their position', async () => {
      const noIds = { ...timetable, slots: timetable.slots.map(({ id: _id, ...rest }) => rest) };
      await push('admin', [mutation({ collection: 'timetables', recordId: 't-1', values: noIds })]);
      expect((await store()).timetables[0]?.slots.map((s) => s.id)).toEqual(['t-1.0', 't-1.1']);
    });

    it('keeps planning logs, user logs and notifications append-only', async () => {
      const notification = {
        id: 'n-1',
        kind: 'checkin',
        createdAt: '2026-11-16T07:55:00.000Z',
        timetableId: 't-att',
        slotIndex: 0,
        teacherUserId: 'u-t1',
        read: false,
      };
      await push('kiosk', [
        mutation({ collection: 'planningLogs', recordId: 'pl-1', values: checkin('pl-1') }),
        mutation({ collection: 'notifications', recordId: 'n-1', values: notification }),
      ]);
      const answer = await push('desk', [
        mutation({
          collection: 'planningLogs',
          recordId: 'pl-1',
          op: 'delete',
          changedFields: [],
          baseRevision: r0 + 1,
        }),
        mutation({
          collection: 'planningLogs',
          recordId: 'pl-1',
          baseRevision: r0 + 1,
          values: { action: 'planning-cancel' },
        }),
        mutation({
          collection: 'notifications',
          recordId: 'n-1',
          baseRevision: r0 + 1,
          values: { read: true },
        }),
      ]);
      expect(answer.results.map((r) => [r.status, r.reason])).toEqual([
        ['rejected', 'append-only'],
        ['unchanged', undefined],
        ['applied', undefined],
      ]);
      // A device that has not seen the read flag cannot make the notification unread again.
      await push('kiosk', [
        mutation({
          collection: 'notifications',
          recordId: 'n-1',
          baseRevision: r0 + 1,
          values: { read: false },
        }),
      ]);
      const s = await store();
      expect(s.planningLogs[0]?.action).toBe('planning-checkin');
      expect(s.notifications[0]?.read).toBe(true);
    });

    it('lets a concurrent edit win over a delete: the record survives with the edit', async () => {
      await push('admin', [mutation({ collection: 'levels', recordId: 'l-1', values: level })]);
      await push('a', [
        mutation({ collection: 'levels', recordId: 'l-1', baseRevision: r0 + 1, values: { abbr: 'L-1' } }),
      ]);
      const del = await push('b', [
        mutation({
          collection: 'levels',
          recordId: 'l-1',
          op: 'delete',
          changedFields: [],
          baseRevision: r0 + 1,
        }),
      ]);
      expect(del.results[0]).toMatchObject({ status: 'rejected', reason: 'edited-concurrently' });
      expect((await store()).levels).toEqual([{ ...level, abbr: 'L-1' }]);
      // Deleted with knowledge of the latest version: it goes.
      await push('b', [
        mutation({
          collection: 'levels',
          recordId: 'l-1',
          op: 'delete',
          changedFields: [],
          baseRevision: r0 + 2,
        }),
      ]);
      expect((await store()).levels).toEqual([]);
    });

    it('applies a batch that touches one record twice and repeats a mutation id, in order', async () => {
      const create = mutation({ collection: 'levels', recordId: 'l-1', values: level });
      const answer = await push('a', [
        create,
        mutation({ collection: 'levels', recordId: 'l-1', values: { name: 'Licence un' } }),
        create,
      ]);
      expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied', 'duplicate']);
      expect(answer.results[2]?.record?.data).toEqual({ ...level, name: 'Licence un' });
      expect((await store()).levels).toEqual([{ ...level, name: 'Licence un' }]);
      const replay = await push('a', [create]);
      expect(replay).toEqual({
        revision: r0 + 1,
        results: [expect.objectContaining({ status: 'duplicate' })],
        serverTime: expect.any(String) as unknown,
      });
    });

    it('refuses a mutation that would leave an invalid record, and applies the rest of the batch', async () => {
      const answer = await push('a', [
        mutation({ collection: 'levels', recordId: 'l-1', values: { name: 42 } }),
        mutation({ collection: 'levels', recordId: 'l-2', values: { ...level, id: 'l-2' } }),
      ]);
      expect(answer.results.map((r) => [r.status, r.reason])).toEqual([
        ['rejected', 'invalid-record'],
        ['applied', undefined],
      ]);
      expect((await store()).levels.map((l) => l.id)).toEqual(['l-2']);
    });

    it.each([
      ['no clientId', { mutations: [] }],
      ['an empty batch', { clientId: 'a', mutations: [] }],
      [
        'an unknown collection',
        {
          clientId: 'a',
          mutations: [{ ...mutation({ collection: 'levels', recordId: 'x' }), collection: 'secrets' }],
        },
      ],
      [
        'an unknown operation',
        { clientId: 'a', mutations: [{ ...mutation({ collection: 'levels', recordId: 'x' }), op: 'drop' }] },
      ],
      [
        'too many mutations',
        {
          clientId: 'a',
          mutations: Array.from({ length: MAX_MUTATIONS_PER_BATCH + 1 }, (_, i) =>
            mutation({ collection: 'levels', recordId: `l-${i}`, values: { ...level, id: `l-${i}` } }),
          ),
        },
      ],
    ])('answers 400 with a JSON error to %s, and changes nothing', async (_name, body) => {
      const response = await api(`${server.url}/api/mutations?orgId=demo`, cookie, { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error', 'invalid-body');
      const after = await api(`${server.url}/api/store?orgId=demo`, cookie);
      await after.arrayBuffer();
      expect(after.headers.get('etag')).toBe(`"${r0}"`);
    });

    it('applies concurrent batches from two clients over HTTP without losing or doubling anything', async () => {
      // During the course (the server's clock, Date only): check-ins claiming 07:55 from devices that talk to
      // the server all along are not "before their last contact" (issue 32, within its 5-minute tolerance).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-16T07:56:00.000Z'));
      onTestFinished(() => {
        vi.useRealTimers();
      });
      await push('admin', [
        mutation({ collection: 'levels', recordId: 'l-1', values: level }),
        mutation({ collection: 'timetables', recordId: 't-1', values: timetable }),
      ]);
      const batches = (client: string) =>
        Array.from({ length: 15 }, (_, i) => [
          mutation({
            collection: 'planningLogs',
            recordId: `${client}-log-${i}`,
            values: checkin(`${client}-log-${i}`),
          }),
          mutation({
            collection: 'levels',
            recordId: 'l-1',
            baseRevision: r0 + 1,
            values: client === 'a' ? { name: `nom ${i}` } : { abbr: `A${i}` },
            createdAt: `2026-11-16T08:00:${String(i).padStart(2, '0')}.000Z`,
          }),
        ]);
      // A device pushes its outbox in order, one batch after the other; the two devices run at the same time.
      // (A device's own successive edits are never "concurrent" with each other, so firing all of one
      // device's batches at once would make its last value depend on arrival order, which several
      // PostgreSQL connections do not keep.)
      const device = async (client: string) => {
        const out: PushResponse[] = [];
        for (const b of batches(client)) out.push(await push(client, b));
        return out;
      };
      const answers = (await Promise.all([device('a'), device('b')])).flat();
      const revisions = answers.map((a) => a.revision).sort((x, y) => x - y);
      expect(new Set(revisions).size).toBe(30);
      expect(revisions.at(-1)).toBe(r0 + 31);
      const s = await store();
      expect(s.planningLogs).toHaveLength(30);
      expect(s.levels).toEqual([{ id: 'l-1', name: 'nom 14', abbr: 'A14' }]);
    });
  });

  describe('GET /api/changes', () => {
    it('pages through every record changed since a revision, deletions included', async () => {
      const total = 1_234;
      const all = Array.from({ length: total }, (_, i) =>
        mutation({
          collection: 'levels',
          recordId: `l-${String(i).padStart(4, '0')}`,
          values: { id: 'x', name: `N${i}`, abbr: 'A' },
        }),
      ).map((m) => ({ ...m, values: { ...m.values, id: m.recordId } }));
      await push('a', all.slice(0, 600));
      await push('a', all.slice(600));
      const seen: RemoteRecord[] = [];
      // From the seed's revision: the levels pushed below, and nothing else.
      let page = await changes(`since=${r0}&limit=100`);
      seen.push(...page.changes);
      let pages = 1;
      while (page.next) {
        page = await changes(`cursor=${encodeURIComponent(page.next)}&limit=100`);
        seen.push(...page.changes);
        pages += 1;
      }
      expect(pages).toBe(13);
      expect(page.revision).toBe(r0 + 2);
      expect(new Set(seen.map((r) => r.id)).size).toBe(total);

      await push('b', [
        mutation({
          collection: 'levels',
          recordId: 'l-0001',
          op: 'delete',
          changedFields: [],
          baseRevision: r0 + 2,
        }),
      ]);
      const delta = await changes(`since=${r0 + 2}`);
      expect(delta).toEqual({
        revision: r0 + 3,
        changes: [{ collection: 'levels', id: 'l-0001', rev: r0 + 3, deleted: true, data: null }],
        next: null,
        serverTime: expect.any(String) as unknown,
      });
      expect(await changes(`since=${r0 + 3}`)).toEqual({
        revision: r0 + 3,
        changes: [],
        next: null,
        serverTime: expect.any(String) as unknown,
      });
    });

    it.each([['since=-1'], ['limit=0'], ['limit=100000'], ['cursor=nope']])(
      'answers 400 to %s',
      async (query) => {
        const response = await api(`${server.url}/api/changes?orgId=demo&${query}`, cookie);
        expect(response.status).toBe(400);
        expect(await response.json()).toHaveProperty('error');
      },
    );
  });

  // Real server processes: only a process can be killed (SIGKILL) in the middle of a batch. org.stop() hands
  // the test's database over to them.
  describe('durability of batches', () => {
    const port = freePort;

    it('keeps an acknowledged batch after a kill -9 and a restart', async () => {
      await org.stop();
      const p = await port();
      const base = `http://127.0.0.1:${p}`;
      let child = await startServerProcess(org.data, p);
      try {
        const answer = await push(
          'a',
          [mutation({ collection: 'levels', recordId: 'l-1', values: level })],
          base,
        );
        expect(answer.results[0]?.status).toBe('applied');
        await stopProcess(child, 'SIGKILL');
        child = await startServerProcess(org.data, p);
        expect((await store(base)).levels).toEqual([level]);
        // The mutation id is remembered across the restart too.
        const replay = await push(
          'a',
          [
            {
              ...mutation({ collection: 'levels', recordId: 'l-1', values: level }),
              mutationId: answer.results[0]?.mutationId ?? '',
            },
          ],
          base,
        );
        expect(replay.results[0]?.status).toBe('duplicate');
      } finally {
        await stopProcess(child);
      }
    });

    it('leaves all or nothing of a large batch when the server is killed in the middle of it', async () => {
      await org.stop();
      const p = await port();
      const base = `http://127.0.0.1:${p}`;
      const size = MAX_MUTATIONS_PER_BATCH;
      const outcomes: number[] = [];
      let child = await startServerProcess(org.data, p);
      try {
        for (const [attempt, delayMs] of [5, 40, 80, 120, 200, 250, 300, 400].entries()) {
          const batch = Array.from({ length: size }, (_, i) =>
            mutation({
              collection: 'planningLogs',
              recordId: `crash-${attempt}-${i}`,
              values: { ...checkin(`crash-${attempt}-${i}`), note: 'x'.repeat(200) },
            }),
          );
          const sent = api(`${base}/api/mutations?orgId=demo`, cookie, {
            method: 'POST',
            body: { clientId: 'kiosk', mutations: batch },
          }).then(
            (r) => r.status,
            () => 0,
          );
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          await stopProcess(child, 'SIGKILL');
          const status = await sent;
          expect(status).not.toBe(429);
          child = await startServerProcess(org.data, p);
          const logs = (await store(base)).planningLogs.filter((l) => l.id.startsWith(`crash-${attempt}-`));
          expect([0, size]).toContain(logs.length);
          // An answered batch is never lost.
          if (status === 200) expect(logs.length).toBe(size);
          outcomes.push(logs.length);
        }
      } finally {
        await stopProcess(child);
      }
      // Both sides of the cut happened at least once over the attempts, or the test proves little.
      expect(outcomes).toContain(0);
      // Eight kill -9 and restarts of a real server process: seconds each on a busy machine.
    }, 180_000);
  });
});
