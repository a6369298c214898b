import { describe, expect, it } from 'vitest';
import {
  INVITATION_VALIDITY_MS,
  hasValidInvitation,
  invitationExpiry,
  needsInvitation,
  passwordOpensAccount,
} from '../../src/domain/auth/invitation';
import { missingOrgDefaults } from '../../src/domain/org-defaults';
import { catalogueModules, defaultProfiles } from '../../src/domain/defaults';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('invitations (issue 29, item 1)', () => {
  it('an invitation lasts exactly 72 hours', () => {
    expect(invitationExpiry(NOW)).toBe('2026-11-30T12:00:00.000Z');
    expect(INVITATION_VALIDITY_MS).toBe(72 * 3_600_000);
  });

  it.each([
    ['personal password', { mustChangePassword: false }, false, true],
    ['no forced change recorded', {}, false, true],
    [
      'one-time password, 1 ms before its end',
      { mustChangePassword: true, invitationExpiresAt: at(1) },
      false,
      true,
    ],
    ['one-time password, at its end', { mustChangePassword: true, invitationExpiresAt: at(0) }, false, false],
    [
      'one-time password, past its end',
      { mustChangePassword: true, invitationExpiresAt: at(-1) },
      false,
      false,
    ],
    ['initial password of an older version', { mustChangePassword: true }, false, false],
    ['unreadable expiry', { mustChangePassword: true, invitationExpiresAt: 'demain' }, false, false],
    ['emergency account with the browser proof', { mustChangePassword: true }, true, true],
    ['emergency account without it', { mustChangePassword: true, invitationExpiresAt: null }, false, false],
  ] as const)('%s: opens = %s', (_name, user, proof, opens) => {
    expect(passwordOpensAccount(user, NOW, proof)).toBe(opens);
  });

  it.each([
    ['waiting, no invitation', { status: 'Active', mustChangePassword: true }, true],
    ['waiting, inactive, no invitation', { status: 'Inactive', mustChangePassword: true }, true],
    ['waiting, archived', { status: 'Archived', mustChangePassword: true }, false],
    [
      'waiting, valid invitation',
      { status: 'Active', mustChangePassword: true, invitationExpiresAt: at(1) },
      false,
    ],
    [
      'waiting, invitation ended',
      { status: 'Active', mustChangePassword: true, invitationExpiresAt: at(0) },
      true,
    ],
    ['own password', { status: 'Active', mustChangePassword: false }, false],
  ] as const)('reported to administrators: %s -> %s', (_name, user, reported) => {
    expect(needsInvitation(user, NOW)).toBe(reported);
    if (user.mustChangePassword)
      expect(hasValidInvitation(user, NOW)).toBe(!reported && user.status !== 'Archived');
  });
});

describe('default records of a new organisation (issue 29, item 7)', () => {
  const ids = (profiles: { id: string }[]) => profiles.map((p) => p.id);
  it('an organisation without profiles or modules gets all the defaults', () => {
    const added = missingOrgDefaults({ profiles: [], modules: [] });
    expect(ids(added.profiles)).toEqual(ids(defaultProfiles()));
    expect(added.modules).toEqual(catalogueModules());
  });
  it('one with its own profiles keeps them; the emergency area adds only the Super Admin it gives', () => {
    const own = [{ id: 'direction' }];
    expect(missingOrgDefaults({ profiles: own, modules: [{ id: 'users' }] })).toEqual({
      profiles: [],
      modules: [],
    });
    expect(ids(missingOrgDefaults({ profiles: own, modules: [] }, { superAdmin: true }).profiles)).toEqual([
      'super-admin',
    ]);
    expect(
      missingOrgDefaults({ profiles: [{ id: 'super-admin' }], modules: [] }, { superAdmin: true }).profiles,
    ).toEqual([]);
  });
});
