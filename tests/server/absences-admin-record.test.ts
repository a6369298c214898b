import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanningLog } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, L1_TEACHERS, l1Class, l1Occurrence, l1Week, mutationNow } from '../support/builders';
import {
  absenceRecords,
  pushResults,
  ROOT_ADMIN,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 35, item 3, over real HTTP on every storage engine: an administrator records a missing check-in or
 * check-out (issue 32) of a substituted course for its effective teacher, the substitute; naming the absent
 * teacher is refused ('teacher-mismatch'), as is recording one on a course cancelled for want of a
 * substitute ('not-scheduled'); a course without substitution keeps its own teacher. A correction of the
 * substitute's own check-in names her too.
 */
const backends = await serverBackends();
const ORG = 'ecole-remplacement-saisie';
const [T1, T2] = L1_TEACHERS;
const ROOT = { id: ROOT_ADMIN.id, name: ROOT_ADMIN.name };
const DAY = '2026-11-25'; // a Wednesday
const NOW = `${DAY}T07:00:00.000Z`;

const timetable = l1Week([
  courseSlot(3, '08:00', '10:00', 'cm-algo', T1.id, { id: 's-algo' }), // replaced by T2
  courseSlot(3, '10:00', '12:00', 'cm-algo', T1.id, { id: 's-algo-2' }), // given by T1 as planned
  courseSlot(3, '12:00', '13:00', 'cm-algo', T1.id, { id: 's-algo-3' }), // cancelled: nobody found
]);
const occurrence = (slotKey: string, startTime: string, endTime: string) =>
  l1Occurrence(slotKey, DAY, startTime, endTime);

const orgData = () =>
  l1Class([T1, T2], {
    timetables: [timetable],
    ...absenceRecords({
      id: 'ab-t1',
      teacherUserId: T1.id,
      date: DAY,
      actorUserId: ROOT.id,
      now: NOW,
      substitutes: [
        [occurrence('s-algo', '08:00', '10:00'), T2.id],
        [occurrence('s-algo-3', '12:00', '13:00'), null],
      ],
    }),
  });

let server: RunningServer;
let root: string;
let seq = 0;

function mutation(values: { id: string }): Mutation {
  seq += 1;
  return mutationNow({ collection: 'planningLogs', recordId: values.id, values });
}

const on = (time: string) => `${DAY}T${time}:00.000Z`;

/** A missing check the administrator records, as services/attendance/correct.ts writes it. */
const record = (
  id: string,
  slotIndex: number,
  teacherUserId: string,
  action: 'planning-checkin' | 'planning-checkout',
  time: string,
): Mutation =>
  mutation({
    id,
    timestamp: on(time),
    action: 'planning-correction',
    actorUserId: ROOT.id,
    actorUserName: ROOT.name,
    timetableId: 't-l1',
    classId: 'c-l1',
    moduleId: 'cm-algo',
    teacherUserId,
    slotIndex,
    correctsLogId: null,
    recordsAction: action,
    correctedTimestamp: on(time),
    madeAt: new Date().toISOString(),
    note: 'oubli',
  } as { id: string });

const push = (cookie: string, mutations: Mutation[]) =>
  pushResults(server.url, ORG, cookie, mutations, { clientId: `admin-${seq}`, since: 0 });

const at = (time: string) => vi.setSystemTime(new Date(on(time)));
const storedLog = async (id: string): Promise<PlanningLog | null> =>
  (await storeOf(server, ORG)).planningLogs.find((l) => l.id === id) ?? null;

describe.each(backends)(
  '$name: the administrator records a substitute’s missing check (issue 35)',
  (backend) => {
    const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
    beforeEach(() => {
      ({ server, root } = org);
    });

    it('records the substitute’s missing check-in and check-out, not the absent teacher’s', async () => {
      at('13:30');
      const [absent, substituteIn, substituteOut] = await push(root, [
        record('r-awa', 0, T1.id, 'planning-checkin', '08:05'),
        record('r-ibou-in', 0, T2.id, 'planning-checkin', '08:05'),
        record('r-ibou-out', 0, T2.id, 'planning-checkout', '09:55'),
      ]);
      expect(absent).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'teacher-mismatch' });
      expect(substituteIn?.status).toBe('applied');
      expect(substituteOut?.status).toBe('applied');
      expect(await storedLog('r-awa')).toBeNull();
      expect(await storedLog('r-ibou-in')).toMatchObject({
        teacherUserId: T2.id,
        recordsAction: 'planning-checkin',
        actorUserId: ROOT.id,
      });
    });

    it('keeps the slot’s teacher where nobody replaces her, and records nothing on a cancelled course', async () => {
      at('13:30');
      const [ownTeacher, substituteElsewhere, cancelled] = await push(root, [
        record('r-awa-2', 1, T1.id, 'planning-checkin', '10:05'),
        record('r-ibou-2', 1, T2.id, 'planning-checkin', '10:05'),
        record('r-awa-3', 2, T1.id, 'planning-checkin', '12:05'),
      ]);
      expect(ownTeacher?.status).toBe('applied');
      expect(substituteElsewhere).toMatchObject({ status: 'rejected', detail: 'teacher-mismatch' });
      expect(cancelled).toMatchObject({ status: 'rejected', detail: 'not-scheduled' });
    });

    it('the substitute never records her own missing check (four eyes)', async () => {
      at('13:30');
      // She holds no planning.consulter.actions: not permitted, whoever she names.
      const ibou = await signInAs(server.url, ORG, T2);
      const [own] = await push(ibou, [
        {
          ...record('r-self', 0, T2.id, 'planning-checkin', '08:05'),
          values: {
            ...record('r-self', 0, T2.id, 'planning-checkin', '08:05').values,
            actorUserId: T2.id,
            actorUserName: T2.name,
          },
        },
      ]);
      expect(own).toMatchObject({ status: 'rejected', reason: 'forbidden' });
      expect(await storedLog('r-self')).toBeNull();
    });
  },
);
