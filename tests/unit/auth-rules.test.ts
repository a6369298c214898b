import { describe, expect, it } from 'vitest';
import {
  canOpen,
  landingRoute,
  postLoginRoute,
  ROUTE_PERMISSIONS,
  sectionDefault,
  type GuardedPath,
} from '../../src/domain/auth/routes';
import {
  afterPinFailure,
  isPinFormatValid,
  pinGate,
  PIN_COOLDOWN_MIN,
  PIN_MAX_ATTEMPTS,
} from '../../src/domain/auth/pin';
import {
  checkNewPassword,
  isResetEmailValid,
  isResetLinkValid,
  resetTokenExpiry,
} from '../../src/domain/auth/password';
import { defaultProfiles } from '../../src/domain/defaults';

const profile = (name: string) => new Set(defaultProfiles().find((p) => p.name === name)?.moduleIds ?? []);
const access = (granted: Set<string>, loginMode: 'pin' | 'password' = 'password') => ({ granted, loginMode });

describe('landing route (spec part 1 point 2, in this order)', () => {
  it.each([
    ['Super Admin', 'password', '/users'],
    ['Admin', 'password', '/users'],
    ['Contributeur', 'password', '/users'],
    ['Enseignant', 'password', '/teacher/today'],
    ['Enseignant', 'pin', '/teacher/today'],
    ['Super Admin', 'pin', '/teacher/today'],
    ['Contributeur', 'pin', null],
  ] as const)('%s in %s mode lands on %s', (name, mode, expected) => {
    expect(landingRoute(access(profile(name), mode))).toBe(expected);
  });

  it.each([
    [['journal', 'settings.niveaux'], '/journal'],
    [['settings.donnees', 'planning.importer'], '/settings/donnees'],
    [['planning.historique', 'planning.consulter'], '/planning/consulter'],
    [['teacher.workload', 'contracts.vh'], '/teacher/workload'],
    [['contracts.compliance', 'workload'], '/contracts/compliance'],
    [['workload', 'attendance'], null],
    [[], null],
  ] as const)('modules %j land on %s', (ids, expected) => {
    expect(landingRoute(access(new Set(ids)))).toBe(expected);
  });
});

describe('guards', () => {
  const every = Object.keys(ROUTE_PERMISSIONS) as GuardedPath[];

  it('PIN mode reaches only /teacher/today', () => {
    const opened = every.filter((p) => canOpen(p, access(profile('Super Admin'), 'pin')));
    expect(opened).toEqual(['/teacher/today']);
  });

  it('a teacher reaches the teacher space and the contract file, nothing of the administration', () => {
    const opened = every.filter((p) => canOpen(p, access(profile('Enseignant'))));
    expect(opened).toEqual(['/teacher/today', '/teacher/planning', '/teacher/workload', '/teacher/contract']);
  });

  it('a contributor reaches only the users screen', () => {
    expect(every.filter((p) => canOpen(p, access(profile('Contributeur'))))).toEqual(['/users']);
  });

  it.each([
    ['/settings', ['settings.classes'], '/settings/classes'],
    ['/settings', [], '/settings/instituts'],
    ['/planning', ['planning.importer', 'planning.consulter'], '/planning/importer'],
    ['/planning', ['planning.consulter', 'planning.historique'], '/planning/consulter'],
    ['/planning', ['planning.historique'], '/planning/historique'],
    ['/contracts', ['contracts.compliance'], '/contracts/compliance'],
    ['/contracts', ['contracts.vh', 'contracts.compliance'], '/contracts/vh'],
    ['/teacher', ['teacher', 'teacher.planning', 'teacher.today'], '/teacher/planning'],
  ] as const)('section %s with %j opens %s', (section, ids, expected) => {
    expect(sectionDefault(section, access(new Set(ids)))).toBe(expected);
  });
});

describe('after sign-in (spec part 1 point 4, part 2 point 4)', () => {
  const base = { mustChangePassword: false, usedInitialPassword: false, hasValidatedContractFile: true };
  it.each([
    ['forced change', { ...base, mustChangePassword: true }, 'Super Admin', '/first-login'],
    ['initial password used', { ...base, usedInitialPassword: true }, 'Super Admin', '/first-login'],
    // issue 33: Module du jour first; its banner points to the contract file
    [
      'teacher without validated file',
      { ...base, hasValidatedContractFile: false },
      'Enseignant',
      '/teacher/today',
    ],
    ['teacher with validated file', base, 'Enseignant', '/teacher/today'],
    ['admin without contract file', { ...base, hasValidatedContractFile: false }, 'Admin', '/users'],
  ] as const)('%s', (_name, input, name, expected) => {
    expect(postLoginRoute({ ...input, access: access(profile(name)) })).toBe(expected);
  });

  it.each([
    ['only teacher.contract, file not validated', ['teacher.contract'], false, '/teacher/contract'],
    ['only teacher.contract, file validated', ['teacher.contract'], true, null],
    [
      'teacher.today and teacher.contract, file not validated',
      ['teacher.today', 'teacher.contract'],
      false,
      '/teacher/today',
    ],
  ] as const)('a teacher who can open nothing else: %s -> %s', (_name, ids, validated, expected) => {
    const input = { ...base, hasValidatedContractFile: validated, access: access(new Set<string>(ids)) };
    expect(postLoginRoute(input)).toBe(expected);
  });

  it('PIN sign-in always goes to /teacher/today, even with a forced change pending', () => {
    expect(
      postLoginRoute({ ...base, mustChangePassword: true, access: access(profile('Enseignant'), 'pin') }),
    ).toBe('/teacher/today');
  });
});

describe('PIN rules (spec part 1 point 9)', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  it.each([
    ['123', false],
    ['1234', true],
    ['123456', true],
    ['1234567', false],
    ['12a4', false],
    ['', false],
  ])('format of %j is %s', (pin, valid) => {
    expect(isPinFormatValid(pin)).toBe(valid);
  });

  it('counts down 2, 1, then the third failure starts the cooldown', () => {
    let state = { pinFailedAttempts: 0, pinCooldownUntil: null as string | null, pinHash: 'h' };
    const remaining: number[] = [];
    for (let i = 1; i <= PIN_MAX_ATTEMPTS; i += 1) {
      const failure = afterPinFailure(state, now);
      remaining.push(failure.remaining);
      state = { ...state, ...failure.next };
      expect(failure.isCoolingDown).toBe(i === PIN_MAX_ATTEMPTS);
    }
    expect(remaining).toEqual([2, 1, 0]);
    expect(state.pinCooldownUntil).toBe('2026-11-21T10:05:00.000Z');
  });

  it.each([
    [PIN_COOLDOWN_MIN * 60_000 - 1, 'cooldown'],
    [PIN_COOLDOWN_MIN * 60_000, 'ok'],
    [PIN_COOLDOWN_MIN * 60_000 + 1, 'ok'],
  ])('%i ms after the third failure the gate says %s', (elapsed, expected) => {
    const state = {
      pinHash: 'h',
      pinCooldownUntil: new Date(now.getTime() + PIN_COOLDOWN_MIN * 60_000).toISOString(),
    };
    const gate = pinGate(state, new Date(now.getTime() + elapsed));
    expect(gate.ok ? 'ok' : gate.code).toBe(expected);
  });

  it('refuses an expired PIN and a missing one', () => {
    expect(pinGate({ pinHash: 'h', pinExpiresAt: now.toISOString() }, now)).toEqual({
      ok: false,
      code: 'expired',
    });
    expect(pinGate({ pinHash: 'h', pinExpiresAt: new Date(now.getTime() + 1).toISOString() }, now)).toEqual({
      ok: true,
    });
    expect(pinGate({}, now)).toEqual({ ok: false, code: 'no-pin' });
  });
});

describe('passwords and reset links', () => {
  it.each([
    ['12345', '12345', 'too-short'],
    ['123456', '123457', 'mismatch'],
    ['123456', '123456', null],
  ])('new password %j / %j -> %s', (password, confirmation, expected) => {
    expect(checkNewPassword(password, confirmation)).toBe(expected);
  });

  it.each([
    ['', false],
    ['   ', false],
    ['awa.ecole.sn', false],
    ['awa@ecole.sn', true],
  ])('reset e-mail %j valid: %s', (email, valid) => {
    expect(isResetEmailValid(email)).toBe(valid);
  });

  const requested = new Date('2026-11-21T10:00:00.000Z');
  const user = {
    status: 'Active',
    passwordResetTokenHash: 'abc',
    passwordResetExpiresAt: resetTokenExpiry(requested),
  };
  it.each([
    [59 * 60_000 + 59_999, true],
    [60 * 60_000, false],
    [60 * 60_000 + 1, false],
  ])('a link %i ms after the request is valid: %s', (elapsed, valid) => {
    expect(isResetLinkValid(user, 'abc', new Date(requested.getTime() + elapsed))).toBe(valid);
  });

  it('refuses a wrong token and an archived user', () => {
    expect(isResetLinkValid(user, 'abd', requested)).toBe(false);
    expect(isResetLinkValid({ ...user, status: 'Archived' }, 'abc', requested)).toBe(false);
    expect(isResetLinkValid(undefined, 'abc', requested)).toBe(false);
  });
});
