import { describe, expect, it } from 'vitest';
import { authorizeWrite } from '../../src/domain/access/write';
import type { AccessLookup } from '../../src/domain/access/lookup';
import type { RecordData } from '../../src/domain/access/record';
import { userViewer } from '../../src/domain/access/viewer';
import { defaultProfiles } from '../../src/domain/defaults';
import { isAdminType } from '../../src/domain/module-catalogue';
import { hasActiveFullAdmin } from '../../src/domain/store/access';
import type { Profile, User } from '../../src/domain/store/schema';
import {
  hasFullAdmin,
  isFullAdministration,
  profileChangeRemovesLastFullAdmin,
} from '../../src/domain/users/administrator';
import { hasActiveRealAdmin } from '../../src/domain/users/emergency';
import { bulkTargets, userActionRefusal } from '../../src/domain/users/user-rights';

/**
 * One definition of "administrator" (issue 29 item 2, issue 34): every rule that asks — last administrator of
 * a user write, of a profile write, of a bulk action, the emergency area on the server and on the device —
 * answers the same, for every pair of the default profiles and the two profiles of the attack (a "Profils"
 * manager and a compliance-only reviewer, both admin-type but not administrators).
 */
const PROFILES: Profile[] = [
  ...defaultProfiles(),
  {
    id: 'profils',
    name: 'Gestion des profils',
    moduleIds: ['user-mgmt', 'profiles'],
    formFieldKeys: ['email'],
  },
  {
    id: 'conformite',
    name: 'Conformité',
    moduleIds: ['contracts', 'contracts.compliance'],
    formFieldKeys: ['email'],
  },
];
const IDS = PROFILES.map((p) => p.id);
const modules = (id: string) => new Set(PROFILES.find((p) => p.id === id)?.moduleIds ?? []);

/** Written by hand, not derived: which profiles make an administrator. */
const FULL: Record<string, boolean> = {
  'super-admin': true,
  admin: true,
  contributeur: false,
  teacher: false,
  profils: false,
  conformite: false,
};

const person = (id: string, profileId: string, extra: Partial<User> = {}): User => ({
  id,
  name: id,
  email: `${id}@ecole.sn`,
  profileId,
  status: 'Active',
  ...extra,
});

function lookupOf(users: readonly User[], profiles: readonly Profile[] = PROFILES): AccessLookup {
  return {
    profiles,
    user: (id) => users.find((u) => u.id === id) ?? null,
    timetable: () => null,
  };
}

describe('the one definition of administrator', () => {
  it.each(IDS)('%s: full administrator as written by hand; admin-type is another notion', (id) => {
    expect(isFullAdministration(modules(id))).toBe(FULL[id]);
    // The two attack profiles are admin-type (routing, kiosk roster) and yet not administrators.
    if (id === 'profils' || id === 'conformite') expect(isAdminType(modules(id))).toBe(true);
  });

  it('settings access counts with any of its modules, never without users and profiles', () => {
    expect(isFullAdministration(new Set(['users', 'profiles', 'settings.instituts']))).toBe(true);
    expect(isFullAdministration(new Set(['users', 'profiles']))).toBe(false);
    expect(isFullAdministration(new Set(['users', 'settings', 'settings.donnees']))).toBe(false);
    expect(isFullAdministration(new Set(['profiles', 'settings.donnees']))).toBe(false);
  });

  // Every pair: the only other active account holds `kept`; the account holding `removed` is deactivated by
  // the emergency account (the one actor that reaches every profile and is not counted itself).
  const pairs = IDS.flatMap((removed) => IDS.map((kept) => [removed, kept] as const));
  it.each(pairs)('deactivating the %s account while a %s account stays', (removed, kept) => {
    const target = person('target', removed);
    const other = person('other', kept);
    const emergency = person('emergency', 'super-admin', { isEmergency: true });
    const users = [target, other, emergency];
    const expected = FULL[removed] === true && FULL[kept] !== true;
    // The /users row action and the bulk action.
    const manager = { userId: emergency.id, granted: modules('super-admin') };
    expect(userActionRefusal(manager, 'deactivate', target, PROFILES, users)).toBe(
      expected ? 'last-admin' : null,
    );
    expect(bulkTargets(manager, 'deactivate', [target], PROFILES, users)).toHaveLength(expected ? 0 : 1);
    // The server's rule for the pushed write.
    const after = { ...target, status: 'Inactive' } as unknown as RecordData;
    const decision = authorizeWrite(
      userViewer(emergency.id, modules('super-admin'), 'password'),
      { collection: 'users', recordId: target.id, before: target, after },
      lookupOf(users),
      { users: [after, other, emergency] },
    );
    expect(decision).toEqual(expected ? { ok: false, reason: 'last-admin' } : { ok: true });
    // The emergency area after the change: open exactly when no administrator is left.
    const remaining = [{ ...target, status: 'Inactive' as const }, other, emergency];
    expect(hasActiveRealAdmin(remaining, PROFILES)).toBe(FULL[kept]);
    expect(hasActiveFullAdmin({ users: remaining, profiles: PROFILES }, { excludeEmergency: true })).toBe(
      FULL[kept],
    );
  });

  it.each(pairs)('the %s profile deleted while a %s account stays', (removed, kept) => {
    const users = [person('target', removed), person('other', kept)];
    // Both accounts hold the deleted profile when removed = kept.
    const expected = FULL[removed] === true && (removed === kept || FULL[kept] !== true);
    expect(profileChangeRemovesLastFullAdmin(users, PROFILES, removed, null)).toBe(expected);
  });

  it('a profile edit stripping the settings of the last administrators is refused, another is not', () => {
    const users = [person('root', 'super-admin'), person('reviewer', 'conformite')];
    const stripped = { id: 'super-admin', moduleIds: ['user-mgmt', 'users', 'profiles', 'teacher.today'] };
    expect(profileChangeRemovesLastFullAdmin(users, PROFILES, 'super-admin', stripped)).toBe(true);
    const decision = authorizeWrite(
      userViewer('root', modules('super-admin'), 'password'),
      {
        collection: 'profiles',
        recordId: 'super-admin',
        before: PROFILES[0] as unknown as RecordData,
        after: { ...PROFILES[0], ...stripped },
      },
      lookupOf(users),
      { users: users as unknown as RecordData[] },
    );
    expect(decision).toEqual({ ok: false, reason: 'last-admin' });
    // With an Admin account left, the same edit is allowed.
    const withAdmin = [...users, person('second', 'admin')];
    expect(profileChangeRemovesLastFullAdmin(withAdmin, PROFILES, 'super-admin', stripped)).toBe(false);
  });

  it('a "Profils" manager cannot clear the profile of an account whose profile it could not delete', () => {
    const users = [person('root', 'super-admin'), person('admin', 'admin'), person('attacker', 'profils')];
    const viewer = userViewer('attacker', modules('profils'), 'password');
    for (const target of users.slice(0, 2)) {
      const decision = authorizeWrite(
        viewer,
        {
          collection: 'users',
          recordId: target.id,
          before: target,
          after: { ...target, profileId: null },
        },
        lookupOf(users),
        { users: users as unknown as RecordData[] },
      );
      expect(decision).toEqual({ ok: false, reason: 'beyond-rights' });
    }
  });

  it('the emergency account counts only when asked (the device makes one when none exists at all)', () => {
    const users = [person('emergency', 'super-admin', { isEmergency: true })];
    expect(hasFullAdmin(users, PROFILES)).toBe(false);
    expect(hasFullAdmin(users, PROFILES, { countsEmergency: true })).toBe(true);
    expect(hasActiveFullAdmin({ users, profiles: PROFILES }, { excludeEmergency: false })).toBe(true);
    expect(hasFullAdmin([person('x', 'super-admin', { status: 'Inactive' })], PROFILES)).toBe(false);
    expect(hasFullAdmin([person('x', 'missing-profile')], PROFILES)).toBe(false);
  });
});
