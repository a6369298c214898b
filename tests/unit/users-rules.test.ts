import { describe, expect, it } from 'vitest';
import { userFieldChanges } from '../../src/domain/users/field-changes';
import {
  displayName,
  extraForProfile,
  validateUserForm,
  type UserFormValues,
} from '../../src/domain/users/user-form';
import { filterUsers, NO_USER_FILTER, profileBadgeTone } from '../../src/domain/users/user-filters';
import type { Profile, User } from '../../src/domain/store/schema';

const values = (name: string, email: string, extra: UserFormValues['extra'] = {}): UserFormValues => ({
  name,
  email,
  extra,
});

describe('user form validation (spec part 1 point 5)', () => {
  it.each([
    [['email'], values('', 'a@b.sn'), ['name-required']],
    [['email'], values('   ', 'a@b.sn'), ['name-required']],
    [['email'], values('Awa', ''), ['email-required']],
    [['email'], values('Awa', 'awa.ecole.sn'), ['email-invalid']],
    [['email'], values('Awa', 'awa@ecole.sn'), []],
    [[], values('Awa', ''), []],
    [
      ['firstName', 'lastName', 'email'],
      values('', 'a@b.sn', { firstName: 'Awa', lastName: '' }),
      ['first-last-required'],
    ],
    [
      ['firstName', 'lastName', 'email'],
      values('', '', { firstName: '', lastName: 'Diop' }),
      ['first-last-required', 'email-required'],
    ],
    [['firstName', 'lastName'], values('', '', { firstName: 'Awa', lastName: 'Diop' }), []],
    [['firstName'], values('', '', { firstName: 'Awa' }), ['name-required']],
  ] as const)('fields %j with %j -> %j', (keys, input, expected) => {
    expect(validateUserForm(keys, input)).toEqual(expected);
  });

  it('builds the name from first and last name when the profile has both', () => {
    expect(
      displayName(['firstName', 'lastName'], values('ignoré', '', { firstName: ' Awa ', lastName: 'Diop' })),
    ).toBe('Awa Diop');
    expect(displayName(['email'], values(' Awa Diop ', ''))).toBe('Awa Diop');
  });

  it('keeps only the profile fields that hold a value', () => {
    expect(
      extraForProfile(
        ['phone', 'instituteIds', 'email'],
        values('', 'x@y', { phone: ' 77 ', instituteIds: [], matricule: 'M1' }),
        { phone: 'old', teacherType: 'interne' },
      ),
    ).toEqual({
      phone: '77',
      teacherType: 'interne',
    });
  });
});

const names = {
  profiles: new Map([
    ['p-admin', 'Admin'],
    ['p-teacher', 'Enseignant'],
  ]),
  institutes: new Map([
    ['i-1', 'ISI'],
    ['i-2', 'ESP'],
  ]),
  levels: new Map([['l-1', 'Licence 1']]),
};
const base: User = {
  id: 'u-1',
  name: 'Awa Diop',
  email: 'awa@ecole.sn',
  profileId: 'p-teacher',
  status: 'Active',
  extra: { phone: '77', instituteIds: ['i-1'] },
  passwordHash: 'h1',
  pinHash: 'p1',
};

describe('journal field changes', () => {
  it('lists every changed field with its catalogue label and readable values', () => {
    const after: User = {
      ...base,
      email: 'awa.diop@ecole.sn',
      profileId: 'p-admin',
      extra: { phone: '78', instituteIds: ['i-1', 'i-2'], teacherType: 'vacataire' },
    };
    expect(userFieldChanges(base, after, names)).toEqual([
      { key: 'email', label: 'Email', before: 'awa@ecole.sn', after: 'awa.diop@ecole.sn' },
      { key: 'profileId', label: 'Profil', before: 'Enseignant', after: 'Admin' },
      { key: 'instituteIds', label: 'Instituts', before: 'ISI', after: 'ISI, ESP' },
      { key: 'phone', label: 'Téléphone', before: '77', after: '78' },
      { key: 'teacherType', label: "Type d'enseignant", before: '', after: 'vacataire' },
    ]);
  });

  it('never mentions passwords or PINs', () => {
    const after: User = {
      ...base,
      passwordHash: 'h2',
      pinHash: 'p2',
      mustChangePassword: true,
      pinExpiresAt: 'x',
    };
    expect(userFieldChanges(base, after, names)).toEqual([]);
  });

  it('translates statuses and describes a creation from nothing', () => {
    expect(userFieldChanges(base, { ...base, status: 'Inactive' }, names)).toEqual([
      { key: 'status', label: 'Statut', before: 'Actif', after: 'Inactif' },
    ]);
    const created = userFieldChanges(null, base, names);
    expect(created.map((c) => c.key)).toEqual([
      'name',
      'email',
      'profileId',
      'status',
      'instituteIds',
      'phone',
    ]);
    expect(JSON.stringify(created)).not.toContain('h1');
  });
});

describe('user search and filters', () => {
  const profiles: Profile[] = [
    { id: 'p-admin', name: 'Administrateur', moduleIds: [], formFieldKeys: [] },
    { id: 'p-teacher', name: 'Enseignant', moduleIds: [], formFieldKeys: [] },
  ];
  const users: User[] = [
    { ...base, id: 'a', name: 'Éloïse Faye', email: 'eloise@ecole.sn', profileId: 'p-teacher' },
    {
      ...base,
      id: 'b',
      name: 'Moussa Fall',
      email: 'moussa@ecole.sn',
      profileId: 'p-admin',
      status: 'Inactive',
    },
    {
      ...base,
      id: 'c',
      name: 'Awa Diop',
      email: 'direction@ecole.sn',
      profileId: 'p-admin',
      status: 'Archived',
    },
  ];
  it.each([
    ['eloise', ['a']],
    ['DIRECTION', ['c']],
    ['administr', ['b', 'c']],
    ['', ['a', 'b', 'c']],
    ['personne', []],
  ])('query %j finds %j (name, e-mail, profile name; accents ignored)', (query, ids) => {
    expect(filterUsers(users, profiles, { ...NO_USER_FILTER, query }).map((u) => u.id)).toEqual(ids);
  });
  it('filters by status and profile', () => {
    expect(
      filterUsers(users, profiles, { query: '', status: 'Archived', profileId: 'all' }).map((u) => u.id),
    ).toEqual(['c']);
    expect(
      filterUsers(users, profiles, { query: '', status: 'all', profileId: 'p-admin' }).map((u) => u.id),
    ).toEqual(['b', 'c']);
    expect(filterUsers(users, profiles, { query: '', status: 'Active', profileId: 'p-admin' })).toEqual([]);
  });

  it.each([
    ['Contributeur', 'green'],
    ['Admin', 'blue'],
    ['Administrateur pédagogique', 'blue'],
    ['Super Admin', 'grey'],
    ['Enseignant', 'grey'],
  ])('profile %s gets %s badges', (name, tone) => {
    expect(profileBadgeTone(name)).toBe(tone);
  });
});
