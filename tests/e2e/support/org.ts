import type { APIRequestContext } from '@playwright/test';

let counter = 0;

/** Each test works in its own organisation on the shared test server. */
export function newOrgId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export const INITIAL_PASSWORD = 'Bienvenue@2026';

/** Seeds an organisation through the public store API; clear passwords and PINs are hashed by the server. */
export async function seedOrg(
  request: APIRequestContext,
  orgId: string,
  store: Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`/api/store?orgId=${orgId}`, { data: store });
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

/** An organisation with one administrator and two teachers, each with a PIN. */
export function schoolWithTeachers() {
  return {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: 'awa@ecole.sn',
        profileId: 'super-admin',
        status: 'Active',
        password: 'Admin@2026',
        mustChangePassword: false,
      },
      {
        id: 'u-t1',
        name: 'Moussa Fall',
        email: 'moussa@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        pin: '4321',
        mustChangePassword: false,
      },
      {
        id: 'u-t2',
        name: 'Fatou Ndiaye',
        email: 'fatou@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        pin: '8765',
        mustChangePassword: false,
      },
    ],
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
