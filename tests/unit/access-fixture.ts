import type { AccessLookup } from '../../src/domain/access/lookup';
import { userViewer, viewerForUser, type Viewer } from '../../src/domain/access/viewer';
import { defaultProfiles } from '../../src/domain/defaults';
import type {
  PlanningLog,
  Profile,
  TeacherContractSubmission,
  Timetable,
  User,
} from '../../src/domain/store/schema';
import type { RecordData } from '../../src/domain/sync/merge';

/**
 * A small organisation for the access tests: the default profiles (Super Admin, Admin, Contributeur,
 * Enseignant) plus a compliance reviewer and a planner; two active teachers and an inactive one; one
 * timetable with a slot per teacher and a canceled slot of teacher 1; a contract file per teacher.
 */
export const profiles: Profile[] = [
  ...defaultProfiles(),
  { id: 'reviewer', name: 'Conformité', moduleIds: ['contracts', 'contracts.compliance'], formFieldKeys: [] },
  {
    id: 'planner',
    name: 'Planification',
    moduleIds: ['planning', 'planning.consulter', 'planning.consulter.actions', 'attendance'],
    formFieldKeys: [],
  },
];

const secrets = {
  passwordHash: 'pbkdf2-sha256$1$c2FsdA==$aGFzaA==',
  pinHash: 'pbkdf2-sha256$1$cGlu$cGluaGFzaA==',
  pinSalt: 'cGlu',
  pinFailedAttempts: 0,
  pinCooldownUntil: null,
  pinExpiresAt: '2027-01-01T00:00:00.000Z',
  passwordResetTokenHash: 'abc123',
  passwordResetExpiresAt: '2026-03-09T10:00:00.000Z',
};

function user(id: string, profileId: string, status: User['status'] = 'Active'): User {
  return {
    id,
    name: `Nom ${id}`,
    email: `${id}@ecole.test`,
    profileId,
    status,
    extra: { firstName: 'Prénom', lastName: id, phone: '+221 77 000 00 00', matricule: 'M-1' },
    mustChangePassword: false,
    ...secrets,
  };
}

export const users: User[] = [
  user('admin', 'super-admin'),
  user('contrib', 'contributeur'),
  user('t1', 'teacher'),
  user('t2', 'teacher'),
  user('t3', 'teacher', 'Inactive'),
  user('rev', 'reviewer'),
  user('plan', 'planner'),
];

export const timetable: Timetable = {
  id: 'tt-1',
  planningImportId: null,
  periodicity: 'week',
  year: 2026,
  weekStartDate: '2026-03-09',
  month: null,
  classId: 'cls-1',
  createdAt: '2026-03-01T00:00:00.000Z',
  slots: [
    slot('s0', 't1', 3, '08:00', '10:00'),
    slot('s1', 't2', 3, '10:00', '12:00'),
    { ...slot('s2', 't1', 4, '08:00', '10:00'), canceled: true },
    slot('s3', 't3', 4, '10:00', '12:00'),
  ],
};

function slot(id: string, teacherUserId: string, dayOfWeek: number, startTime: string, endTime: string) {
  return {
    id,
    dayOfWeek,
    startTime,
    endTime,
    moduleId: 'cm-1',
    teacherUserId,
    deliveryMode: 'presentiel' as const,
    canceled: false,
  };
}

export function submission(teacherUserId: string, status: TeacherContractSubmission['status']) {
  return {
    id: `tc-${teacherUserId}`,
    teacherUserId,
    status,
    firstName: 'Prénom',
    lastName: teacherUserId,
    bankFullNumber: 'SN012 01201 012345678901 23',
    attachments: [],
    updatedAt: '2026-03-01T00:00:00.000Z',
  } satisfies TeacherContractSubmission;
}

export function checkLog(overrides: Partial<PlanningLog> = {}): PlanningLog {
  return {
    id: 'log-1',
    timestamp: '2026-03-11T07:55:00.000Z',
    action: 'planning-checkin',
    actorUserId: 't1',
    actorUserName: 'Nom t1',
    timetableId: 'tt-1',
    classId: 'cls-1',
    moduleId: 'cm-1',
    teacherUserId: 't1',
    slotIndex: 0,
    before: null,
    after: null,
    modeBefore: null,
    modeAfter: null,
    note: null,
    latitude: 14.7,
    longitude: -17.4,
    accuracy: 12,
    ...overrides,
  };
}

export const lookup: AccessLookup = {
  profiles,
  user: (id) => users.find((u) => u.id === id) ?? null,
  timetable: (id) => (id === timetable.id ? timetable : null),
};

export function userRecord(id: string): RecordData {
  const found = users.find((u) => u.id === id);
  if (!found) throw new Error(id);
  return found;
}

export const viewers = {
  admin: viewerForUser(userRecord('admin') as User, profiles, 'password'),
  contrib: viewerForUser(userRecord('contrib') as User, profiles, 'password'),
  t1: viewerForUser(userRecord('t1') as User, profiles, 'password'),
  t1Pin: viewerForUser(userRecord('t1') as User, profiles, 'pin'),
  t2: viewerForUser(userRecord('t2') as User, profiles, 'password'),
  rev: viewerForUser(userRecord('rev') as User, profiles, 'password'),
  plan: viewerForUser(userRecord('plan') as User, profiles, 'password'),
  adminPin: viewerForUser(userRecord('admin') as User, profiles, 'pin'),
  importer: userViewer('imp', new Set(['planning', 'planning.importer']), 'password'),
  historian: userViewer('hist', new Set(['planning', 'planning.historique']), 'password'),
  profiler: userViewer('prof', new Set(['user-mgmt', 'profiles']), 'password'),
  donnees: userViewer('data', new Set(['settings', 'settings.donnees']), 'password'),
  kiosk: { kind: 'kiosk' },
  system: { kind: 'system' },
} satisfies Record<string, Viewer>;

export type ViewerName = keyof typeof viewers;
