import { describe, expect, it } from 'vitest';
import { lookupOfRecords, projectAll } from '../../server/auth/access';
import { openStorage } from '../../server/storage/open-storage';
import { readViewerStore } from '../../server/store-read';
import { applyWholeStore, assembleStore, readVisibleRecords } from '../../server/sync-service';
import { COLLECTION_NAMES, STORE_PARTS } from '../../src/domain/store/collections';
import { KIOSK_VIEWER, SYSTEM_VIEWER, viewerForUser, type Viewer } from '../../src/domain/access/viewer';
import { defaultProfiles } from '../../src/domain/defaults';
import type { StoreV1 } from '../../src/domain/store/schema';
import { sampleStore } from '../fixtures/sample-store';
import { serverBackends, testConfig } from './helpers';

/**
 * A whole-store read asks the database for what the viewer may receive (indexed per teacher), instead of
 * reading and filtering the whole organisation: the answer stays exactly the old filter-after-read one.
 */

const backends = await serverBackends();

/** The sample organisation, with two teachers' check-ins, notifications, requests and contracts. */
function seededOrg(): StoreV1 {
  const base = sampleStore('pbkdf2$hash');
  const teacher2 = { ...base.users[1]!, id: 'u-teacher2', email: 'fatou@ecole.sn', name: 'Fatou Sow' };
  const custom = {
    id: 'planner',
    name: 'Planification',
    moduleIds: ['planning.reprogrammation', 'journal', 'planning.historique'],
    formFieldKeys: ['email'],
  };
  const users = [
    ...base.users,
    teacher2,
    { ...base.users[0]!, id: 'u-contrib', email: 'c@ecole.sn', profileId: 'contributeur' },
    { ...base.users[0]!, id: 'u-planner', email: 'p@ecole.sn', profileId: 'planner' },
  ];
  const perTeacher = (teacher: string) => ({
    planningLogs: [0, 1].map((i) => ({
      ...base.planningLogs[0]!,
      id: `pl-${teacher}-${i}`,
      teacherUserId: teacher,
      actorUserId: teacher,
      action: i === 0 ? 'planning-checkin' : 'planning-checkout',
    })),
    notifications: [{ ...base.notifications[0]!, id: `n-${teacher}`, teacherUserId: teacher }],
    rescheduleRequests: [{ ...base.rescheduleRequests[0]!, id: `r-${teacher}`, teacherUserId: teacher }],
    contracts: [{ ...base.contracts[0]!, id: `k-${teacher}`, teacherUserId: teacher }],
    teacherContractSubmissions: [
      { ...base.teacherContractSubmissions[0]!, id: `tc-${teacher}`, teacherUserId: teacher },
    ],
  });
  const a = perTeacher('u-teacher');
  const b = perTeacher('u-teacher2');
  return {
    ...base,
    users,
    profiles: [...defaultProfiles(), custom],
    planningLogs: [...base.planningLogs, ...a.planningLogs, ...b.planningLogs],
    notifications: [...base.notifications, ...a.notifications, ...b.notifications],
    rescheduleRequests: [...base.rescheduleRequests, ...a.rescheduleRequests, ...b.rescheduleRequests],
    contracts: [...base.contracts, ...a.contracts, ...b.contracts],
    teacherContractSubmissions: [
      ...base.teacherContractSubmissions,
      ...a.teacherContractSubmissions,
      ...b.teacherContractSubmissions,
    ],
  } as StoreV1;
}

describe.each(backends)('$name: per-viewer whole-store read', (backend) => {
  it('gives every role exactly the old filter-after-read answer, and a teacher only loads their own records', async () => {
    const db = await backend.fresh();
    const storage = await openStorage(testConfig({ dataFile: db.file, databaseUrl: db.databaseUrl }));
    try {
      const org = seededOrg();
      const written = await applyWholeStore(storage, 'demo', org, null, new Date('2026-11-16T08:00:00.000Z'));
      expect(written.ok).toBe(true);
      const profiles = org.profiles;
      const user = (id: string) => org.users.find((u) => u.id === id)!;
      const viewers: [string, Viewer][] = [
        ['super admin', viewerForUser(user('u-admin'), profiles, 'password')],
        ['teacher', viewerForUser(user('u-teacher'), profiles, 'password')],
        ['teacher in PIN mode', viewerForUser(user('u-teacher2'), profiles, 'pin')],
        ['contributor', viewerForUser(user('u-contrib'), profiles, 'password')],
        ['planner (custom profile)', viewerForUser(user('u-planner'), profiles, 'password')],
        ['kiosk', KIOSK_VIEWER],
        ['server', SYSTEM_VIEWER],
      ];
      const everything = await storage.readAll('demo');
      for (const [role, viewer] of viewers) {
        const old = assembleStore(
          projectAll(viewer, everything.records, lookupOfRecords(everything.records)),
        );
        const scoped = await readVisibleRecords(storage, 'demo', viewer);
        expect(scoped.revision, role).toBe(everything.revision);
        const now = assembleStore(projectAll(viewer, scoped.records, lookupOfRecords(scoped.records)));
        expect(now, role).toEqual(old);
      }
      // The two parts a new device loads (first, then journals) are, together, exactly the whole answer:
      // each part's collections as the whole read gives them, the others empty.
      for (const [role, viewer] of viewers) {
        const whole = await readViewerStore(storage, 'demo', viewer);
        const first = await readViewerStore(storage, 'demo', viewer, 'first');
        const journals = await readViewerStore(storage, 'demo', viewer, 'journals');
        for (const name of COLLECTION_NAMES) {
          const part = STORE_PARTS.first.includes(name) ? first : journals;
          const other = part === first ? journals : first;
          expect(part.store[name], `${role}: ${name}`).toEqual(whole.store[name]);
          expect(other.store[name], `${role}: ${name} in the other part`).toEqual([]);
        }
      }
      expect(
        (await readViewerStore(storage, 'demo', viewers[0]![1], 'journals')).store.planningLogs.length,
      ).toBeGreaterThan(0);

      // The teacher's read never loaded another teacher's records (nor the unowned ones).
      const teacher = await readVisibleRecords(storage, 'demo', viewers[1]![1]);
      const owned = teacher.records.filter((r) =>
        [
          'planningLogs',
          'notifications',
          'rescheduleRequests',
          'contracts',
          'teacherContractSubmissions',
        ].includes(r.collection),
      );
      // Two check-in logs, a notification, a request, and the sample's and this test's contract and file.
      expect(owned.length).toBe(8);
      expect(owned.every((r) => r.data.teacherUserId === 'u-teacher')).toBe(true);
      expect(teacher.records.some((r) => r.collection === 'userLogs')).toBe(false);
      expect(teacher.records.length).toBeLessThan(everything.records.length);
    } finally {
      await storage.close();
      await db.cleanup();
    }
  });
});
