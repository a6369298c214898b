import { describe, expect, it } from 'vitest';
import { defaultProfiles } from '../../src/domain/defaults';
import {
  isContractImplied,
  normaliseModuleIds,
  orderedModuleIds,
  toggleModule,
} from '../../src/domain/profiles/module-selection';
import { lacksSignInEmail, userEditorIssues, type UserFormValues } from '../../src/domain/users/user-form';

const values = (v: Partial<UserFormValues>): UserFormValues => ({ name: '', email: '', extra: {}, ...v });
const teacherKeys = { formFieldKeys: ['firstName', 'lastName', 'email'] };
const never = () => false;

describe('user form issues: a deleted profile, the joined rules, a used e-mail', () => {
  it.each([
    ['deleted profile, nothing else wrong', undefined, values({ name: 'Awa' }), ['profile-missing']],
    ['deleted profile and no name', undefined, values({}), ['profile-missing', 'name-required']],
    [
      'teacher form: first and last name, e-mail format',
      teacherKeys,
      values({ email: 'awa.ecole.sn', extra: { firstName: 'Awa' } }),
      ['first-last-required', 'email-invalid'],
    ],
    [
      'teacher form complete',
      teacherKeys,
      values({ email: 'awa@ecole.sn', extra: { firstName: 'Awa', lastName: 'Ba' } }),
      [],
    ],
    ['profile without Email field: no e-mail rule', { formFieldKeys: [] }, values({ name: 'Awa' }), []],
  ] as const)('%s', (_label, profile, v, expected) => {
    expect(userEditorIssues({ profile, values: v, isEmailTaken: never })).toEqual(expected);
  });

  it('adds duplicate-email last, for a trimmed address another account uses', () => {
    const taken = (email: string) => email === 'awa@ecole.sn';
    expect(
      userEditorIssues({
        profile: { formFieldKeys: ['email'] },
        values: values({ name: 'Awa', email: ' awa@ecole.sn ' }),
        isEmailTaken: taken,
      }),
    ).toEqual(['duplicate-email']);
  });

  it.each([
    [['email'], false],
    [['firstName', 'lastName', 'email', 'phone'], false],
    [['phone', 'matricule'], true],
    [[], true],
  ] as const)('a profile with form fields %j lacks the sign-in e-mail: %s', (keys, expected) => {
    expect(lacksSignInEmail(keys)).toBe(expected);
  });
});

describe('Mon contrat: the teacher profile and the menu agree (spec part 2 points 4 and 6)', () => {
  it('the default Enseignant profile grants teacher.contract', () => {
    const teacher = defaultProfiles().find((p) => p.name === 'Enseignant');
    expect(teacher?.moduleIds).toContain('teacher.contract');
  });

  it('ticking any teacher module brings teacher.contract; unticking it alone keeps it', () => {
    const withToday = toggleModule(new Set(), 'teacher.today', true);
    expect(orderedModuleIds(withToday)).toEqual(['teacher', 'teacher.today', 'teacher.contract']);
    expect(isContractImplied(withToday)).toBe(true);
    expect(toggleModule(withToday, 'teacher.contract', false).has('teacher.contract')).toBe(true);
    // Without teacher modules, Mon contrat stays a free choice.
    const none = toggleModule(withToday, 'teacher', false);
    expect(orderedModuleIds(none)).toEqual(['teacher.contract']);
    expect(orderedModuleIds(toggleModule(none, 'teacher.contract', false))).toEqual([]);
  });

  it('an administrator profile without teacher modules gets no teacher.contract', () => {
    expect(normaliseModuleIds(['users', 'profiles']).has('teacher.contract')).toBe(false);
  });
});
