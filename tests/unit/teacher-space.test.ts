import { describe, expect, it } from 'vitest';
import { canOpen } from '../../src/domain/auth/routes';
import { defaultProfiles } from '../../src/domain/defaults';
import { ownScreenModules, teaches } from '../../src/domain/teacher/teacher-space';

const profile = (id: string) => new Set(defaultProfiles().find((p) => p.id === id)?.moduleIds ?? []);
const NONE = { courseCount: 0, contractCount: 0, checkCount: 0 };

describe('teaching evidence (issue 33 point 9)', () => {
  it.each([
    ['nothing', NONE, false],
    ['a blank teacher type', { ...NONE, teacherType: '  ' }, false],
    ['a teacher type', { ...NONE, teacherType: 'vacataire' }, true],
    ['one course', { ...NONE, courseCount: 1 }, true],
    ['one contract', { ...NONE, contractCount: 1 }, true],
    ['one check-in', { ...NONE, checkCount: 1 }, true],
  ])('%s -> %s', (_name, evidence, expected) => {
    expect(teaches(evidence)).toBe(expected);
  });
});

describe("the modules of a person's own screens", () => {
  it.each([
    // profile, login mode, teaches, may open /teacher/today, may open /teacher/contract
    ['super-admin', 'password', false, false, false],
    ['super-admin', 'password', true, true, true],
    ['admin', 'password', false, false, false],
    // The kiosk lists whoever holds teacher.today: a PIN session keeps it.
    ['super-admin', 'pin', false, true, false],
    ['teacher', 'password', false, true, true],
    ['contributeur', 'password', false, false, false],
  ] as const)(
    '%s in %s mode, teaching %s: Module du jour %s, Mon contrat %s',
    (id, mode, isTeaching, today, contract) => {
      const granted = ownScreenModules(profile(id), mode, isTeaching);
      expect(canOpen('/teacher/today', { granted, loginMode: mode })).toBe(today);
      expect(canOpen('/teacher/contract', { granted, loginMode: mode })).toBe(contract);
    },
  );

  it('keeps every administration module of a director who does not teach', () => {
    const granted = ownScreenModules(profile('super-admin'), 'password', false);
    for (const id of profile('super-admin'))
      expect(granted.has(id)).toBe(!(id === 'teacher' || id.startsWith('teacher.')));
  });
});
