/**
 * Builders of the records the unit, server and e2e tests seed: courses (slots), week and month timetables,
 * check-in and check-out logs, sync mutations, and courses placed around the real time of day. Each gives a
 * plain record with the defaults most tests share; a test names only what it is about.
 * Type-only imports from src: the e2e specs (run by Playwright, outside Vite) import this file too.
 */
import type { SubmissionFields } from '../../src/domain/contracts/submission';
import type {
  Attachment,
  MonthClosureRecord,
  PlanningLog,
  Slot,
  StoreV1,
  Timetable,
  User,
} from '../../src/domain/store/schema';
import { closureId, nextMonthKey } from '../../src/domain/payroll/closing';
import { hashSecret, saltOf } from '../../src/domain/secrets';
import { TEST_ITERATIONS } from '../fixtures/sample-store';
import type { Mutation } from '../../src/domain/sync/protocol';

/** A course of a timetable: Monday 08:00-10:00, module mod-math, teacher-a, in person, not canceled. */
export function slot(overrides: Partial<Slot> = {}): Slot {
  return {
    dayOfWeek: 1,
    startTime: '08:00',
    endTime: '10:00',
    moduleId: 'mod-math',
    teacherUserId: 'teacher-a',
    deliveryMode: 'presentiel',
    canceled: false,
    ...overrides,
  };
}

/** A course written as the e2e organisations list them: day (1 = Monday), start, end, module, teacher. */
export function courseSlot(
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  moduleId: string,
  teacherUserId: string,
  extra: Partial<Slot> = {},
): Slot {
  return slot({ dayOfWeek, startTime, endTime, moduleId, teacherUserId, ...extra });
}

/** The same course with a stable id, `${moduleId}-${dayOfWeek}-${startTime}`. */
export function keyedCourseSlot(
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  moduleId: string,
  teacherUserId: string,
): Slot {
  return courseSlot(dayOfWeek, startTime, endTime, moduleId, teacherUserId, {
    id: `${moduleId}-${dayOfWeek}-${startTime}`,
  });
}

/**
 * The week timetable of class-1 starting on `weekStartDate` (a Monday, YYYY-MM-DD): its year is that date's,
 * created on the first day of that month.
 */
export function weekTimetable(
  id: string,
  weekStartDate: string,
  slots: Slot[],
  overrides: Partial<Timetable> = {},
): Timetable {
  return {
    id,
    periodicity: 'week',
    year: Number(weekStartDate.slice(0, 4)),
    weekStartDate,
    month: null,
    classId: 'class-1',
    slots,
    createdAt: `${weekStartDate.slice(0, 7)}-01T00:00:00.000Z`,
    ...overrides,
  };
}

/** The month timetable of class-1 for `month` (1-12) of `year`, created on the first day of that month. */
export function monthTimetable(
  id: string,
  year: number,
  month: number,
  slots: Slot[],
  overrides: Partial<Timetable> = {},
): Timetable {
  return {
    id,
    periodicity: 'month',
    year,
    weekStartDate: null,
    month,
    classId: 'class-1',
    slots,
    createdAt: `${year}-${String(month).padStart(2, '0')}-01T00:00:00.000Z`,
    ...overrides,
  };
}

/**
 * A planning log of course 0 of tt-1 (class-1, mod-math, teacher-a), with no actor: 'in' and 'out' stand
 * for a check-in and a check-out, any other action is written as given.
 */
export function planningLog(
  id: string,
  action: 'in' | 'out' | PlanningLog['action'],
  timestamp: string,
  overrides: Partial<PlanningLog> = {},
): PlanningLog {
  return {
    id,
    timestamp,
    action: action === 'in' ? 'planning-checkin' : action === 'out' ? 'planning-checkout' : action,
    timetableId: 'tt-1',
    classId: 'class-1',
    moduleId: 'mod-math',
    teacherUserId: 'teacher-a',
    slotIndex: 0,
    ...overrides,
  };
}

/**
 * A check-in ('in') or check-out ('out') the course's teacher made themselves, as the e2e organisations
 * seed them (the actor's name is their id: nothing reads it).
 */
export function teacherCheck(
  id: string,
  action: 'in' | 'out',
  timestamp: string,
  timetableId: string,
  slotIndex: number,
  classId: string,
  moduleId: string,
  teacherUserId: string,
): PlanningLog {
  return planningLog(id, action, timestamp, {
    actorUserId: teacherUserId,
    actorUserName: teacherUserId,
    timetableId,
    classId,
    moduleId,
    teacherUserId,
    slotIndex,
  });
}

/** An attachment of a contract file: a small PDF named after its kind, as an upload leaves it. */
export function attachment(kind: Attachment['kind'], overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: `att-${kind}`,
    kind,
    name: `${kind}.pdf`,
    contentBase64: 'data:application/pdf;base64,JVBERi0=',
    size: 1000,
    uploadedAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Moussa Fall's contract file, complete (identity, bank details, both attachments) and ready to submit. */
export function submissionFields(overrides: Partial<SubmissionFields> = {}): SubmissionFields {
  return {
    civility: 'M.',
    firstName: 'Moussa',
    lastName: 'Fall',
    birthDate: '1985-03-15',
    address: 'Rue 10, Dakar',
    phoneDialCode: '+221',
    phoneRest: '77 123 45 67',
    idType: 'CNI',
    idNumber: '1751198500123',
    bankName: 'Banque Exemple',
    bankFullNumber: 'SN08 SN01 0015 2000 0485 0000 3035',
    attestsTruth: true,
    attachments: [attachment('id'), attachment('rib')],
    ...overrides,
  };
}

let mutationCount = 0;

/**
 * A 'put' mutation as a device sends it: a unique id, the changed fields read from `values`, base revision
 * 0 and a fixed creation time unless `partial` says otherwise.
 */
export function putMutation(
  partial: Partial<Mutation> & Pick<Mutation, 'collection' | 'recordId'>,
): Mutation {
  mutationCount += 1;
  const values = partial.values ?? {};
  return {
    mutationId: `m-${mutationCount}-${Math.random().toString(36).slice(2)}`,
    op: 'put',
    changedFields: Object.keys(values),
    values,
    baseRevision: 0,
    createdAt: '2026-11-16T08:00:00.000Z',
    ...partial,
  };
}

const DAY_MS = 86_400_000;

/**
 * Today (UTC) for the tests timed by the server's clock, which place their courses on the real day around
 * the real time instead of faking the browser's: the date (YYYY-MM-DD), the ISO day of the week
 * (1 = Monday), the week's Monday, `minutesLeft` (whole minutes from `now` to 23:59, the last time a course
 * of today can end) and clock times (HH:MM) of today:
 * - `clockIn(minutes)`: `minutes` from `now`; throws when that is not today (never moved silently);
 * - `since(minutes)`: `minutes` before `now`, or 00:00 when the day began later (a course started then);
 * - `until(minutes)`: `minutes` after `now`, or 23:59 when the day ends sooner (a course ending then).
 * A test that needs time before the day ends asks tests/e2e/support/live-day.ts (it waits for the next day).
 */
export function realDay(now = new Date()) {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const lastMinute = dayStart + DAY_MS - 60_000;
  const dayOfWeek = ((now.getUTCDay() + 6) % 7) + 1;
  const monday = new Date(dayStart - (dayOfWeek - 1) * DAY_MS).toISOString().slice(0, 10);
  const clock = (at: number): string => new Date(at).toISOString().slice(11, 16);
  const clockIn = (minutes: number): string => {
    const at = now.getTime() + minutes * 60_000;
    if (at < dayStart || at >= lastMinute + 60_000)
      throw new RangeError(`realDay: ${minutes} min from ${now.toISOString()} is not on that day`);
    return clock(at);
  };
  return {
    date: new Date(dayStart).toISOString().slice(0, 10),
    dayOfWeek,
    monday,
    minutesLeft: Math.floor((lastMinute - now.getTime()) / 60_000),
    clockIn,
    since: (minutes: number): string => clock(Math.max(now.getTime() - minutes * 60_000, dayStart)),
    until: (minutes: number): string => clock(Math.min(now.getTime() + minutes * 60_000, lastMinute)),
  };
}

export type RealDay = ReturnType<typeof realDay>;

/** Someone who signs in by email and password (the clear password the test keeps to sign in with). */
export interface Credentials {
  id: string;
  email: string;
  password: string;
}

/**
 * A person of the school who can sign in with `who.password`, hashed with the fixtures' fast iterations (the
 * test servers accept them): an active account whose password needs no change. `profileId` says what they
 * hold ('teacher', 'super-admin', or a profile of the test's own).
 */
export async function person(
  who: Credentials,
  profileId: string,
  overrides: Partial<User> = {},
): Promise<User> {
  return {
    id: who.id,
    name: overrides.name ?? `Personne ${who.id}`,
    email: who.email,
    profileId,
    status: 'Active',
    passwordHash: await fastHash(who.password),
    mustChangePassword: false,
    ...overrides,
  };
}

/** A teacher (the default teacher profile) who can sign in. */
export const teacher = (who: Credentials, overrides: Partial<User> = {}): Promise<User> =>
  person(who, 'teacher', overrides);

/** A second full administrator (Super Admin) beside the seeded root administrator. */
export const administrator = (who: Credentials, overrides: Partial<User> = {}): Promise<User> =>
  person(who, 'super-admin', overrides);

/** A secret (password or PIN) hashed as the fixtures hash it: fast iterations the test servers accept. */
export const fastHash = (secret: string): Promise<string> =>
  hashSecret(secret, { iterations: TEST_ITERATIONS });

/** `user` with a PIN (hash and salt), valid until 2099, as a kiosk checks it. */
export async function withPin<T extends Partial<User>>(
  user: T,
  pin: string,
): Promise<T & Pick<User, 'pinHash' | 'pinSalt' | 'pinExpiresAt'>> {
  const pinHash = await fastHash(pin);
  return {
    ...user,
    pinHash,
    pinSalt: saltOf(pinHash) ?? undefined,
    pinExpiresAt: '2099-01-01T00:00:00.000Z',
  };
}

/** putMutation created now, by the (possibly faked) clock of the test: a device that sends at once. */
export const mutationNow = (
  partial: Partial<Mutation> & Pick<Mutation, 'collection' | 'recordId'>,
): Mutation => putMutation({ createdAt: new Date().toISOString(), ...partial });

/** A named person of the school who can sign in. */
export interface Member extends Credentials {
  name: string;
}

/** Moussa Fall and Fatou Ndiaye, the two teachers of school(). */
export const MOUSSA: Member = {
  id: 'u-t1',
  name: 'Moussa Fall',
  email: 'moussa@ecole.sn',
  password: 'Moussa@2026',
};
export const FATOU: Member = {
  id: 'u-t2',
  name: 'Fatou Ndiaye',
  email: 'fatou@ecole.sn',
  password: 'Fatou@2026',
};
/** Awa Diop, the administrator (Super Admin) of school(), beside the seeded root administrator. */
export const AWA: Member = {
  id: 'u-awa',
  name: 'Awa Diop',
  email: 'awa.diop@ecole.sn',
  password: 'AwaDiop@2026!',
};

/**
 * The week timetable of a class of school() (c-1 unless said) from `monday`, created at 06:00 that Monday:
 * the timetable an administrator imported before the week.
 */
export function classWeek(id: string, monday: string, slots: Slot[], classId = 'c-1'): Timetable {
  return weekTimetable(id, monday, slots, { classId, createdAt: `${monday}T06:00:00.000Z` });
}

export interface SchoolOptions {
  /** The administrator beside the root one (AWA); null for none. */
  admin?: Member | null;
  /** The two teachers (MOUSSA, FATOU). */
  teachers?: readonly [Member, Member];
  /** The timetables (one: t-1, the week of 23 November 2026, see below). */
  timetables?: Timetable[];
  /** The rest of the store, added last. */
  extra?: Partial<StoreV1>;
}

/**
 * A whole small school, as seedOrg takes it: an administrator (AWA), two teachers (MOUSSA, FATOU), an
 * institute (i-1), a level (l-1, Licence 1), a class (c-1, L1-INFO), a module (m-1, Algorithmique) and the
 * week timetable t-1 of 23 November 2026: Moussa on Wednesday 08:00-10:00, Fatou on Wednesday 10:00-12:00.
 */
export async function school(options: SchoolOptions = {}): Promise<Partial<StoreV1>> {
  const { admin = AWA, teachers = [MOUSSA, FATOU], extra = {} } = options;
  const [first, second] = teachers;
  const timetables = options.timetables ?? [
    classWeek('t-1', '2026-11-23', [
      courseSlot(3, '08:00', '10:00', 'm-1', first.id),
      courseSlot(3, '10:00', '12:00', 'm-1', second.id),
    ]),
  ];
  return {
    users: [
      ...(admin ? [await administrator(admin, { name: admin.name })] : []),
      await teacher(first, { name: first.name }),
      await teacher(second, { name: second.name }),
    ],
    institutes: [{ id: 'i-1', name: 'Institut Polytechnique', abbr: 'IP' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    courseModules: [{ id: 'm-1', code: 'ALG', name: 'Algorithmique', levelId: 'l-1' }],
    timetables,
    ...extra,
  };
}

/**
 * Awa Ndiaye, Ibrahima Sow and Coumba Ba, the teachers of l1Class(): the substitution and calendar tests
 * (Awa absent, Ibrahima her substitute, Coumba a third teacher).
 */
export const L1_TEACHERS: readonly [Member, Member, Member] = [
  { id: 'u-t1', name: 'Awa Ndiaye', email: 'awa@ecole.sn', password: 'Awa@2026!' },
  { id: 'u-t2', name: 'Ibrahima Sow', email: 'ibou@ecole.sn', password: 'Ibou@2026!' },
  { id: 'u-t3', name: 'Coumba Ba', email: 'coumba@ecole.sn', password: 'Coumba@2026!' },
];

/**
 * The class L1-INFO (c-l1, level l-1 Licence 1, no institute) with its module cm-algo (Algorithmique) and
 * `teachers`, who sign in with their passwords; `extra` added last.
 */
export async function l1Class(
  teachers: readonly Member[],
  extra: Partial<StoreV1> = {},
): Promise<Partial<StoreV1>> {
  const users: User[] = [];
  for (const who of teachers) users.push(await teacher(who, { name: who.name }));
  return {
    users,
    classes: [{ id: 'c-l1', code: 'L1-INFO', levelId: 'l-1', instituteId: null }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    courseModules: [{ id: 'cm-algo', code: 'ALG', name: 'Algorithmique', levelId: 'l-1' }],
    ...extra,
  };
}

/** The timetable t-l1 of l1Class(): the week of 23 November 2026, created on 1 November. */
export function l1Week(slots: Slot[]): Timetable {
  return {
    id: 't-l1',
    periodicity: 'week',
    year: 2026,
    weekStartDate: '2026-11-23',
    classId: 'c-l1',
    createdAt: '2026-11-01T08:00:00.000Z',
    slots,
  };
}

/** The occurrence on `date` of the course `slotKey` of l1Week() (module cm-algo), as a substitution names it. */
export const l1Occurrence = (slotKey: string, date: string, startTime: string, endTime: string) => ({
  timetableId: 't-l1',
  slotKey,
  classId: 'c-l1',
  moduleId: 'cm-algo',
  levelId: 'l-1',
  date,
  startTime,
  endTime,
});

/**
 * A month closure (collection monthClosures): the organisation's (`instituteId` null) or an institute's,
 * closed by u-admin on the 2nd of the next month at 08:00 UTC, with its id as the application writes it.
 */
export function closure(
  month: string,
  instituteId: string | null = null,
  overrides: Partial<MonthClosureRecord> = {},
): MonthClosureRecord {
  return {
    id: closureId(month, instituteId),
    month,
    instituteId,
    status: 'closed',
    closedAt: `${nextMonthKey(month)}-02T08:00:00.000Z`,
    closedByUserId: 'u-admin',
    history: [],
    ...overrides,
  };
}
