import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_CATALOGUE } from '../../src/domain/module-catalogue';
import { hashSecret, verifySecret } from '../../src/domain/secrets';
import { EMERGENCY_EMAIL_DOMAIN, migrateStore } from '../../src/domain/store/migrate';
import { parseStoreV1, type StoreV1 } from '../../src/domain/store/schema';
import { sampleStore, testContext, TEST_ITERATIONS } from '../fixtures/sample-store';

let hash: string;
beforeAll(async () => {
  hash = await hashSecret('Secret@123', { iterations: TEST_ITERATIONS });
});

function parse(json: unknown): StoreV1 {
  const result = parseStoreV1(json);
  if (!result.ok) throw new Error(result.issues.join('\n'));
  return result.value;
}

describe('load-time migrations (spec part 1 point 4)', () => {
  it('creates every missing collection', async () => {
    const { store } = await migrateStore(parse({ users: [], profiles: [] }), testContext());
    for (const key of [
      'modules',
      'classes',
      'courseModules',
      'levels',
      'institutes',
      'timetables',
      'planningImports',
      'planningLogs',
      'userLogs',
      'notifications',
      'rescheduleRequests',
      'contracts',
      'teacherContractSubmissions',
    ] as const) {
      expect(Array.isArray(store[key]), key).toBe(true);
    }
  });

  it('gives users without a password the initial password and forces a change', async () => {
    const input = sampleStore(hash);
    input.users.push({
      id: 'u-new',
      name: 'Nouveau',
      email: 'n@e.sn',
      profileId: 'super-admin',
      status: 'Active',
    });
    const { store, report } = await migrateStore(parse(input), testContext());
    const user = store.users.find((u) => u.id === 'u-new');
    expect(report.initialPasswordUsers).toEqual(['u-new']);
    expect(user?.mustChangePassword).toBe(true);
    expect(await verifySecret('Initial@123', user?.passwordHash)).toBe(true);
    expect(store.users.find((u) => u.id === 'u-admin')?.mustChangePassword).toBe(false);
  });

  it('hashes a clear password and drops the clear text', async () => {
    const input = sampleStore(hash);
    input.users[0] = { ...input.users[0]!, passwordHash: undefined, password: 'clair-123' };
    const { store, report } = await migrateStore(parse(input), testContext());
    const user = store.users[0]!;
    expect(report.hashedClearPasswords).toEqual(['u-admin']);
    expect(user.password).toBeUndefined();
    expect(JSON.stringify(store)).not.toContain('clair-123');
    expect(await verifySecret('clair-123', user.passwordHash)).toBe(true);
  });

  it('generates a 6-digit PIN, hashed, for teachers (teacher.today) without one, and only for them', async () => {
    const input = sampleStore(hash);
    input.users.push({
      id: 'u-t2',
      name: 'Fatou',
      email: 'f@e.sn',
      profileId: 'teacher',
      status: 'Active',
      passwordHash: hash,
    });
    input.users.push({
      id: 'u-c',
      name: 'Contrib',
      email: 'c@e.sn',
      profileId: 'super-admin',
      status: 'Active',
      passwordHash: hash,
    });
    const { store, report } = await migrateStore(parse(input), testContext({ generatePin: () => '654321' }));
    expect(report.generatedPinUsers).toEqual(['u-t2']);
    const teacher = store.users.find((u) => u.id === 'u-t2')!;
    expect(await verifySecret('654321', teacher.pinHash)).toBe(true);
    expect(teacher.pinHash).not.toContain('654321');
    expect(teacher.pinExpiresAt).toBe('2027-02-19T08:00:00.000Z');
    expect(store.users.find((u) => u.id === 'u-c')?.pinHash).toBeUndefined();
  });

  it('hashes a clear PIN from an older copy', async () => {
    const input = sampleStore(hash);
    input.users[1] = { ...input.users[1]!, pinHash: undefined, pin: '4321' };
    const { store, report } = await migrateStore(parse(input), testContext());
    expect(report.hashedClearPins).toEqual(['u-teacher']);
    expect(store.users[1]?.pin).toBeUndefined();
    expect(await verifySecret('4321', store.users[1]?.pinHash)).toBe(true);
    expect(report.generatedPinUsers).toEqual([]);
  });

  it('clears an unknown currentUserId and keeps a known one', async () => {
    const unknown = await migrateStore(
      parse({ ...sampleStore(hash), currentUserId: 'ghost' }),
      testContext(),
    );
    expect(unknown.store.currentUserId).toBeNull();
    expect(unknown.report.clearedCurrentUserId).toBe(true);
    const known = await migrateStore(
      parse({ ...sampleStore(hash), currentUserId: 'u-admin' }),
      testContext(),
    );
    expect(known.store.currentUserId).toBe('u-admin');
  });

  it('synchronises the module catalogue: names updated, new modules added, unknown ids dropped', async () => {
    const input = sampleStore(hash);
    input.modules = [
      { id: 'users', name: 'Ancien nom', parentId: 'user-mgmt' },
      { id: 'obsolete', name: 'Vieux' },
    ];
    input.profiles[0] = {
      ...input.profiles[0]!,
      moduleIds: ['users', 'profiles', 'settings.instituts', 'obsolete'],
    };
    const { store, report } = await migrateStore(parse(input), testContext());
    expect(store.modules).toHaveLength(MODULE_CATALOGUE.length);
    expect(store.modules.find((m) => m.id === 'users')?.name).toBe('Utilisateurs');
    expect(store.modules.some((m) => m.id === 'obsolete')).toBe(false);
    expect(store.profiles[0]?.moduleIds).toEqual(['users', 'profiles', 'settings.instituts']);
    expect(report.droppedModuleIds).toEqual(['obsolete']);
  });

  it('adds teacher.contract to a profile granting teacher modules (the menu already offered Mon contrat)', async () => {
    const input = sampleStore(hash);
    input.profiles = [
      ...input.profiles,
      {
        id: 'old-teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today'],
        formFieldKeys: ['email'],
      },
      {
        id: 'planner',
        name: 'Planificateur',
        moduleIds: ['planning', 'planning.consulter'],
        formFieldKeys: [],
      },
    ];
    const { store } = await migrateStore(parse(input), testContext());
    expect(store.profiles.find((p) => p.id === 'old-teacher')?.moduleIds).toEqual([
      'teacher',
      'teacher.today',
      'teacher.contract',
    ]);
    expect(store.profiles.find((p) => p.id === 'planner')?.moduleIds).toEqual([
      'planning',
      'planning.consulter',
    ]);
  });

  it('seeds the default profiles into an empty organisation, with the emergency Super Admin', async () => {
    const { store, report } = await migrateStore(parse({ users: [], profiles: [] }), testContext());
    expect(store.profiles.map((p) => p.name)).toEqual(['Super Admin', 'Admin', 'Contributeur', 'Enseignant']);
    expect(store.profiles.find((p) => p.name === 'Contributeur')?.moduleIds).toEqual(['user-mgmt', 'users']);
    expect(store.profiles.find((p) => p.name === 'Enseignant')?.moduleIds).toEqual([
      'teacher',
      'teacher.today',
      'teacher.planning',
      'teacher.workload',
      'teacher.contract',
    ]);
    expect(report.profilesSeeded).toBe(true);
    const emergency = store.users.find((u) => u.id === report.emergencyAdminId);
    expect(emergency?.status).toBe('Active');
    expect(emergency?.profileId).toBe('super-admin');
    expect(emergency?.email).toBe(`urgence-abcd1234@${EMERGENCY_EMAIL_DOMAIN}`);
    expect(emergency?.mustChangePassword).toBe(true);
    expect(await verifySecret('Initial@123', emergency?.passwordHash)).toBe(true);
  });

  it('creates no emergency admin while an active user holds users, profiles and settings', async () => {
    const { report } = await migrateStore(parse(sampleStore(hash)), testContext());
    expect(report.emergencyAdminId).toBeNull();
  });

  it('creates one when the only full administrator is inactive', async () => {
    const input = sampleStore(hash);
    input.users[0] = { ...input.users[0]!, status: 'Inactive' };
    const first = await migrateStore(parse(input), testContext());
    expect(first.report.emergencyAdminId).not.toBeNull();
    const second = await migrateStore(first.store, testContext());
    expect(second.report.emergencyAdminId).toBeNull();
    expect(second.store.users).toHaveLength(first.store.users.length);
  });
});
