import { defaultProfiles } from '../src/domain/defaults';
import { SETUP_CODE_HEADERS } from '../tests/server/helpers';

/**
 * What the throughput measurements send: one check-in batch per request, under a teacher's session, dated
 * when it is sent. The server accepts it (issue 31): the school's courses run today all day (seedSchool),
 * so the check-in passes every check of a real one (trusted time, course of the day, window, last contact)
 * and its log is written. Until this session the batches were dated 16 November 2026, and the server
 * refused every check-in as "not-scheduled": the measurements wrote a notification and a refusal.
 */
export function checkInBatch(n: number, clientId: string): string {
  const id = `bench-${clientId}-${n}`;
  const createdAt = new Date().toISOString();
  return JSON.stringify({
    clientId,
    mutations: [
      {
        mutationId: `${id}-log`,
        collection: 'planningLogs',
        recordId: `${id}-log`,
        op: 'put',
        changedFields: [
          'id',
          'timestamp',
          'action',
          'actorUserId',
          'actorUserName',
          'teacherUserId',
          'timetableId',
          'slotIndex',
        ],
        values: {
          id: `${id}-log`,
          timestamp: createdAt,
          action: 'planning-checkin',
          actorUserId: 'u-teacher',
          actorUserName: 'Moussa Fall',
          teacherUserId: 'u-teacher',
          timetableId: 't-1',
          slotIndex: n % 12,
        },
        baseRevision: 0,
        createdAt,
      },
      {
        mutationId: `${id}-notif`,
        collection: 'notifications',
        recordId: `${id}-notif`,
        op: 'put',
        changedFields: ['id', 'kind', 'createdAt', 'timetableId', 'slotIndex', 'teacherUserId', 'read'],
        values: {
          id: `${id}-notif`,
          kind: 'checkin',
          createdAt,
          timetableId: 't-1',
          slotIndex: n % 12,
          teacherUserId: 'u-teacher',
          read: false,
        },
        baseRevision: 0,
        createdAt,
      },
    ],
  });
}

/** Monday of the current week (UTC), and today's ISO weekday (1 Monday … 7 Sunday). */
function thisWeek(now = new Date()): { monday: string; weekday: number } {
  const weekday = ((now.getUTCDay() + 6) % 7) + 1;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - weekday + 1));
  return { monday: monday.toISOString().slice(0, 10), weekday };
}

/**
 * Each school: a teacher with twelve courses today (00:00 to 23:59: a check-in is in its window at any hour
 * but the day's last minute), seeded by its first device (the one unauthenticated write the server accepts),
 * then the teacher's session: every batch goes through sign-in checks and the per-mutation authorisation
 * (src/domain/access/write.ts, applied by the server), as in production.
 */
export async function seedSchool(base: string, orgId: string): Promise<string> {
  const { monday, weekday } = thisWeek();
  const slots = Array.from({ length: 12 }, (_, i) => ({
    id: `s-${i}`,
    dayOfWeek: weekday,
    startTime: '00:00',
    endTime: '23:59',
    moduleId: 'm-1',
    teacherUserId: 'u-teacher',
    deliveryMode: 'presentiel',
    canceled: false,
  }));
  const store = {
    users: [
      {
        id: 'u-teacher',
        name: 'Moussa Fall',
        email: 'moussa@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        mustChangePassword: false,
      },
    ],
    profiles: defaultProfiles(),
    timetables: [
      {
        id: 't-1',
        periodicity: 'week',
        year: 2026,
        weekStartDate: monday,
        classId: 'c-1',
        createdAt: '2026-11-15T10:00:00.000Z',
        slots,
      },
    ],
  };
  const put = await fetch(`${base}/api/store?orgId=${orgId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...SETUP_CODE_HEADERS },
    body: JSON.stringify(store),
  });
  if (!put.ok) throw new Error(`seed ${orgId}: ${put.status}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orgId, email: 'moussa@ecole.sn', password: 'Prof@2026' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok || !cookie.startsWith('sid=')) throw new Error(`sign-in ${orgId}: ${login.status}`);
  return cookie;
}
