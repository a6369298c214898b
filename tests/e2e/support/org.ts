import { request as playwrightRequest, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { courseSlot, weekTimetable } from '../../support/builders';

let counter = 0;

/** Each test works in its own organisation on the shared test server. */
export function newOrgId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export const INITIAL_PASSWORD = 'Bienvenue@2026';

/** The test server's SETUP_CODE (playwright.config.ts): creating an organisation needs it. */
export const E2E_SETUP_CODE = 'E2E-SETUP-2026';

/**
 * Seeds an organisation through the public store API, as its first device with the setup code; clear
 * passwords and PINs are hashed by the server.
 */
export async function seedOrg(
  request: APIRequestContext,
  orgId: string,
  store: Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`/api/store?orgId=${orgId}`, {
    data: store,
    headers: { 'x-setup-code': E2E_SETUP_CODE },
  });
  if (!response.ok()) throw new Error(`seed failed: ${response.status()} ${await response.text()}`);
}

const ALL_ADMIN = [
  'users',
  'profiles',
  'journal',
  'settings.instituts',
  'settings.niveaux',
  'settings.classes',
  'settings.modules',
  'settings.donnees',
];

/**
 * The people of the test schools: Awa Diop (u-admin, awa@ecole.sn / Admin@2026) with the profile
 * `adminProfileId`, and two teachers (profile 'teacher', password Prof@2026), Moussa Fall (u-t1,
 * moussa@ecole.sn) and Fatou Ndiaye (u-t2, fatou@ecole.sn); no PIN.
 */
export function schoolPeople(adminProfileId: string) {
  const person = (id: string, name: string, email: string, profileId: string, password: string) => ({
    id,
    name,
    email,
    profileId,
    status: 'Active',
    password,
    mustChangePassword: false,
  });
  return [
    person('u-admin', 'Awa Diop', 'awa@ecole.sn', adminProfileId, 'Admin@2026'),
    person('u-t1', 'Moussa Fall', 'moussa@ecole.sn', 'teacher', 'Prof@2026'),
    person('u-t2', 'Fatou Ndiaye', 'fatou@ecole.sn', 'teacher', 'Prof@2026'),
  ] as const;
}

/** An organisation with one administrator and two teachers, each with a PIN. */
export function schoolWithTeachers() {
  const [admin, moussa, fatou] = schoolPeople('super-admin');
  return {
    users: [admin, { ...moussa, pin: '4321' }, { ...fatou, pin: '8765' }],
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: [...ALL_ADMIN, 'teacher', 'teacher.today'],
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload'],
        formFieldKeys: ['firstName', 'lastName', 'email'],
      },
    ],
    teacherContractSubmissions: [{ id: 'tc-1', teacherUserId: 'u-t1', status: 'validated', attachments: [] }],
  };
}

/**
 * One class (L1-INFO, cls-1), one module (Algorithmique, mod-algo) and one course of Moussa Fall (u-t1),
 * `slotId` on `dayOfWeek` of the week of `monday`, from `startTime` to `endTime`, in week timetable
 * `timetableId`: the day of a teacher with one course to check in.
 */
export function algorithmsCourse(
  monday: string,
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  { timetableId = 'tt-1', slotId = 's-1' } = {},
) {
  return {
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: null, instituteId: null }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: null, instituteId: null },
    ],
    timetables: [
      weekTimetable(
        timetableId,
        monday,
        [courseSlot(dayOfWeek, startTime, endTime, 'mod-algo', 'u-t1', { id: slotId })],
        { classId: 'cls-1' },
      ),
    ],
  };
}

/** The plannings' modules: Awa Diop sees « Absences et remplacements » and assigns substitutes. */
export const ABSENCE_ADMIN_MODULES = [
  'planning',
  'planning.consulter',
  'planning.consulter.actions',
] as const;

/**
 * The school of the absences specs (issue 35): `schoolWithTeachers()` whose administrator, Awa Diop, also holds
 * `adminModules` (those of the plannings by default, to assign substitutes), with Moussa Fall's absences and
 * the substitutions of his courses.
 */
export function absenceSchool({
  adminModules = ABSENCE_ADMIN_MODULES,
  absences = [],
  substitutions = [],
}: {
  adminModules?: readonly string[];
  absences?: readonly ReturnType<typeof moussaAbsence>[];
  substitutions?: readonly ReturnType<typeof moussaSubstitution>[];
} = {}) {
  const school = schoolWithTeachers();
  return {
    ...school,
    profiles: school.profiles.map((p) =>
      p.id === 'super-admin' ? { ...p, moduleIds: [...p.moduleIds, ...adminModules] } : p,
    ),
    absences: [...absences],
    substitutions: [...substitutions],
  };
}

/** Moussa Fall (u-t1) absent all day on `date`, « Malade », declared from his phone (absence ab-1). */
export function moussaAbsence(date: string) {
  return {
    id: 'ab-1',
    teacherUserId: 'u-t1',
    date,
    startTime: null,
    endTime: null,
    reason: 'Malade',
    declaredAt: new Date().toISOString(),
    declaredByUserId: 'u-t1',
  };
}

/**
 * The substitution of Moussa Fall's course `slot` of `moduleId` (class cls-1, timetable tt-1) on `date` under
 * absence ab-1, assigned by Awa Diop to `substituteUserId` (null: nobody, the course is cancelled).
 */
export function moussaSubstitution(
  date: string,
  slot: { id: string; start: string; end: string },
  moduleId: string,
  substituteUserId: string | null,
) {
  return {
    id: `sub:tt-1:${slot.id}:${date}`,
    timetableId: 'tt-1',
    slotKey: slot.id,
    date,
    startTime: slot.start,
    endTime: slot.end,
    classId: 'cls-1',
    moduleId,
    absentUserId: 'u-t1',
    absenceId: 'ab-1',
    substituteUserId,
    assignedAt: new Date().toISOString(),
    assignedByUserId: 'u-admin',
  };
}

/** The administrator of `schoolWithTeachers()`: an admin-type profile, so may enrol kiosks and read everything. */
export const SCHOOL_ADMIN = { email: 'awa@ecole.sn', password: 'Admin@2026' } as const;

/**
 * Signs in through the server API: the `sid` cookie then lives in `request` (a browser context's
 * `context.request` shares it with its pages). Each call counts against the server's sign-in rate limits
 * (per account and per address), so sign in once and reuse the context rather than once per poll.
 */
export async function signInApi(
  request: APIRequestContext,
  orgId: string,
  email: string,
  password: string,
): Promise<void> {
  const response = await request.post('/api/auth/login', {
    data: { orgId, email, password, remember: true },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Turns a browser context into an enrolled classroom kiosk of `orgId` without going through the screens:
 * the administrator signs in through the API, enrols the device (POST /api/kiosks sets the HttpOnly `kiosk`
 * cookie) and signs out, so that only the kiosk credential remains. Call it before the first `page.goto`:
 * bootstrap reads GET /api/auth/session and records the kiosk's name on the device.
 */
export async function enrolKioskApi(
  context: BrowserContext,
  orgId: string,
  name: string,
  admin: { email: string; password: string } = SCHOOL_ADMIN,
): Promise<void> {
  await signInApi(context.request, orgId, admin.email, admin.password);
  const response = await context.request.post('/api/kiosks', { data: { name } });
  if (!response.ok())
    throw new Error(`kiosk enrolment failed: ${response.status()} ${await response.text()}`);
  const logout = await context.request.post('/api/auth/logout', { data: {} });
  if (!logout.ok()) throw new Error(`sign-out failed: ${logout.status()} ${await logout.text()}`);
}

/**
 * The invitation of an account (issue 29: no shared initial password), as an administrator makes it from
 * /users: a one-time password made by the server, shown once, valid 72 hours. Made in a throwaway context
 * signed in as `admin`, so the caller's own cookies are left alone.
 */
export async function inviteApi(
  baseURL: string,
  orgId: string,
  userId: string,
  admin: { email: string; password: string } = SCHOOL_ADMIN,
): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    await signInApi(request, orgId, admin.email, admin.password);
    const response = await request.post(
      `/api/users/${encodeURIComponent(userId)}/temporary-password?orgId=${encodeURIComponent(orgId)}`,
    );
    if (!response.ok()) throw new Error(`invitation failed: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { password: string }).password;
  } finally {
    await request.dispose();
  }
}

/** What GET /api/store answers, as far as the tests read it. */
export interface StoreSnapshot {
  users?: Record<string, unknown>[];
  planningLogs?: {
    id: string;
    action: string;
    teacherUserId: string;
    timetableId?: string;
    slotIndex?: number;
    actorUserId?: string;
  }[];
  teacherContractSubmissions?: Record<string, unknown>[];
  [collection: string]: unknown;
}

async function getStore(request: APIRequestContext, orgId: string) {
  return request.get(`/api/store?orgId=${encodeURIComponent(orgId)}`);
}

/**
 * The server's copy of an organisation as its administrator sees it. The server filters what each profile
 * receives (access follows the profile): `schoolWithTeachers()`'s administrator has no planning, attendance or contracts module,
 * so it receives no planningLogs and no contract files; give its profile e.g. 'attendance' to read check-ins. Given an
 * APIRequestContext (e.g. the `request` fixture), it signs in on it only when it has no session yet, so a
 * polling test signs in once; afterwards that context is the administrator's (a `seedOrg` of ANOTHER
 * organisation through it would be refused). Given a base URL, it uses a throwaway context.
 */
export async function readStoreAsAdmin(
  source: APIRequestContext | string,
  orgId: string,
  admin: { email: string; password: string } = SCHOOL_ADMIN,
): Promise<StoreSnapshot> {
  const request =
    typeof source === 'string' ? await playwrightRequest.newContext({ baseURL: source }) : source;
  try {
    let response = await getStore(request, orgId);
    if (response.status() === 401) {
      await signInApi(request, orgId, admin.email, admin.password);
      response = await getStore(request, orgId);
    }
    if (!response.ok()) throw new Error(`store read failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as StoreSnapshot;
  } finally {
    if (typeof source === 'string') await request.dispose();
  }
}
