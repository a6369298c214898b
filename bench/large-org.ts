import { defaultProfiles } from '../src/domain/defaults';
import type { StoreV1 } from '../src/domain/store/schema';
import type { Mutation } from '../src/domain/sync/protocol';

/**
 * The organisation of the performance measurements: 5,001 users (one administrator, 4,000 students and
 * 1,000 teachers), 480 weekly timetables of 20 courses, 50,000 logs (check-ins and journal entries).
 * Deterministic, so every run and every engine stores the same bytes.
 */

export const LARGE_ORG = {
  users: 5_001,
  teachers: 1_000,
  timetables: 480,
  planningLogs: 40_000,
  userLogs: 10_000,
};

/** A PBKDF2 hash of the server's own format (never verified by the measurements). */
const HASH = `pbkdf2-sha256$600000$${'c2FsdHNhbHRzYWx0c2FsdA=='}$${'A'.repeat(43)}=`;

const iso = (ms: number) => new Date(ms).toISOString();
const WEEK0 = Date.UTC(2026, 8, 7);

/** Users, profiles and timetables: what an import writes. Logs come from devices (see logBatches). */
export function largeOrgBase(): StoreV1 {
  const users: StoreV1['users'] = [
    {
      id: 'u-admin',
      name: 'Awa Diop',
      email: 'awa@ecole.sn',
      profileId: 'super-admin',
      status: 'Active',
      passwordHash: HASH,
      mustChangePassword: false,
    },
  ];
  for (let i = 0; i < LARGE_ORG.users - 1; i += 1) {
    const teacher = i < LARGE_ORG.teachers;
    users.push({
      id: `u-${i}`,
      name: `${teacher ? 'Enseignant' : 'Étudiant'} ${String(i).padStart(4, '0')}`,
      email: `u${i}@ecole.sn`,
      profileId: teacher ? 'teacher' : 'contributeur',
      status: i % 29 === 0 ? 'Inactive' : 'Active',
      passwordHash: HASH,
      mustChangePassword: i % 3 === 0,
      extra: teacher ? { teacherType: 'vacataire', phone: `+221 77 ${String(100000 + i)}` } : {},
    });
  }
  const timetables: StoreV1['timetables'] = [];
  for (let t = 0; t < LARGE_ORG.timetables; t += 1) {
    const week = t % 24;
    timetables.push({
      id: `t-${t}`,
      periodicity: 'week',
      year: 2026,
      weekStartDate: iso(WEEK0 + week * 7 * 86_400_000).slice(0, 10),
      classId: `c-${Math.floor(t / 24)}`,
      createdAt: iso(WEEK0 - 86_400_000),
      slots: Array.from({ length: 20 }, (_, s) => ({
        id: `t-${t}-s-${s}`,
        dayOfWeek: (s % 5) + 1,
        startTime: `${String(8 + (s % 4) * 2).padStart(2, '0')}:00`,
        endTime: `${String(10 + (s % 4) * 2).padStart(2, '0')}:00`,
        moduleId: `m-${(t + s) % 60}`,
        teacherUserId: `u-${(t * 7 + s) % LARGE_ORG.teachers}`,
        deliveryMode: 'presentiel',
        canceled: false,
      })),
    });
  }
  return {
    users,
    profiles: defaultProfiles(),
    modules: [],
    classes: [],
    courseModules: [],
    levels: [],
    institutes: [],
    timetables,
    planningImports: [],
    planningLogs: [],
    userLogs: [],
    notifications: [],
    rescheduleRequests: [],
    contracts: [],
    teacherContractSubmissions: [],
    settings: [],
    monthClosures: [],
    statementAcks: [],
    absences: [],
    substitutions: [],
  };
}

/** The n-th check-in of the organisation, as its teacher's device writes it. */
export function planningLog(n: number): Record<string, unknown> {
  const t = n % LARGE_ORG.timetables;
  const s = Math.floor(n / LARGE_ORG.timetables) % 20;
  const teacher = `u-${(t * 7 + s) % LARGE_ORG.teachers}`;
  return {
    id: `pl-${n}`,
    timestamp: iso(WEEK0 + n * 60_000),
    action: n % 2 === 0 ? 'planning-checkin' : 'planning-checkout',
    actorUserId: teacher,
    actorUserName: `Enseignant ${teacher.slice(2).padStart(4, '0')}`,
    teacherUserId: teacher,
    timetableId: `t-${t}`,
    slotIndex: s,
    latitude: 14.69283,
    longitude: -17.44672,
    accuracy: 12,
  };
}

export function userLog(n: number): Record<string, unknown> {
  return {
    id: `ul-${n}`,
    action: 'update',
    targetUserId: `u-${n % (LARGE_ORG.users - 1)}`,
    targetUserName: `Utilisateur ${n}`,
    actorUserId: 'u-admin',
    actorUserName: 'Awa Diop',
    timestamp: iso(WEEK0 + n * 30_000),
    fields: [{ key: 'phone', label: 'Téléphone', before: '', after: '+221 77' }],
  };
}

/** The logs as devices push them: batches of `size` mutations, one client id per teacher device. */
export function logBatches(size: number): { clientId: string; mutations: Mutation[] }[] {
  const all: { clientId: string; mutation: Mutation }[] = [];
  const push = (
    collection: 'planningLogs' | 'userLogs',
    values: Record<string, unknown>,
    clientId: string,
  ) => {
    const createdAt = String(values.timestamp);
    all.push({
      clientId,
      mutation: {
        mutationId: `${clientId.slice(0, 8)}-${String(values.id)}-${'x'.repeat(8)}`,
        collection,
        recordId: String(values.id),
        op: 'put',
        changedFields: Object.keys(values),
        values,
        baseRevision: 0,
        createdAt,
      },
    });
  };
  for (let n = 0; n < LARGE_ORG.planningLogs; n += 1) {
    const values = planningLog(n);
    push('planningLogs', values, `device-${String(values.teacherUserId)}-4f6b0c2e-9a41-4d3a-8f5e`);
  }
  for (let n = 0; n < LARGE_ORG.userLogs; n += 1)
    push('userLogs', userLog(n), 'device-u-admin-0b7e5d1a-31c2-4e0f-9d77');
  const batches: { clientId: string; mutations: Mutation[] }[] = [];
  const byClient = new Map<string, Mutation[]>();
  for (const { clientId, mutation } of all) {
    const list = byClient.get(clientId) ?? [];
    list.push(mutation);
    byClient.set(clientId, list);
  }
  for (const [clientId, mutations] of byClient)
    for (let i = 0; i < mutations.length; i += size)
      batches.push({ clientId, mutations: mutations.slice(i, i + size) });
  return batches;
}
