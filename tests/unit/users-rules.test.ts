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
import { defaultProfiles } from '../../src/domain/defaults';
import { mayRestoreStore, TEACHER_MODULE_IDS } from '../../src/domain/access/rules';
import { recordSizeProblem } from '../../src/domain/access/record-limits';
import {
  attachmentContentProblem,
  decodedSize,
  sniffAttachment,
} from '../../src/domain/contracts/attachments';
import {
  actionApplies,
  bulkTargets,
  duplicateEmails,
  emailTaken,
  GRANTABLE_BY_ANY_MANAGER,
  grantableProfiles,
  mayGrantProfile,
  removesLastAdmin,
  userActionRefusal,
  type Manager,
} from '../../src/domain/users/user-rights';

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

describe('rights bound what one can grant (user-rights)', () => {
  const rightsProfiles: Profile[] = [
    ...defaultProfiles(),
    { id: 'vacataire', name: 'Vacataire', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
  ];
  const person = (id: string, profileId: string, status: User['status'] = 'Active'): User => ({
    id,
    name: id,
    email: `${id}@ecole.sn`,
    profileId,
    status,
  });
  const root = person('root', 'super-admin');
  const contrib = person('contrib', 'contributeur');
  const teacher = person('t1', 'vacataire');
  const archived = person('t2', 'vacataire', 'Archived');
  const everyone = [root, contrib, teacher, archived];
  const asRoot: Manager = { userId: 'root', granted: new Set(rightsProfiles[0]?.moduleIds ?? []) };
  const asContrib: Manager = { userId: 'contrib', granted: new Set(['user-mgmt', 'users']) };

  it('offers only profiles whose modules the session holds (teacher modules aside)', () => {
    expect(grantableProfiles(asContrib.granted, rightsProfiles).map((p) => p.id)).toEqual(
      expect.arrayContaining(['contributeur', 'teacher', 'vacataire']),
    );
    expect(grantableProfiles(asContrib.granted, rightsProfiles).map((p) => p.id)).not.toContain(
      'super-admin',
    );
    expect(grantableProfiles(asRoot.granted, rightsProfiles)).toHaveLength(rightsProfiles.length);
    expect(mayGrantProfile(new Set(), rightsProfiles, null)).toBe(true);
  });

  it.each([
    [asContrib, 'edit', root, 'beyond-rights'],
    [asContrib, 'password', root, 'beyond-rights'],
    [asContrib, 'deactivate', root, 'beyond-rights'],
    [asContrib, 'password', teacher, null],
    [asContrib, 'deactivate', contrib, 'self'],
    [asContrib, 'edit', contrib, null],
    [asRoot, 'archive', root, 'self'],
    [asRoot, 'reset-link', root, 'self'],
    [asRoot, 'pin', root, null],
    [asRoot, 'activate', archived, 'not-applicable'],
    [asRoot, 'restore', archived, null],
    [asRoot, 'restore', teacher, 'not-applicable'],
    [asRoot, 'activate', teacher, 'not-applicable'],
    [{ userId: 't1', granted: new Set(['teacher']) }, 'edit', teacher, 'no-users-module'],
  ] as const)('%#: %s on %s => %s', (manager, action, target, expected) => {
    expect(userActionRefusal(manager, action, target, rightsProfiles, everyone)).toBe(expected);
  });

  it('keeps the last active administrator (the emergency account does not count)', () => {
    const emergency = { ...person('secours', 'super-admin'), isEmergency: true };
    const alone = [root, emergency, teacher];
    const byEmergency: Manager = { userId: 'secours', granted: asRoot.granted };
    expect(userActionRefusal(byEmergency, 'deactivate', root, rightsProfiles, alone)).toBe('last-admin');
    // A Contributeur (users only) is no administrator: he cannot give anyone the administration back.
    expect(userActionRefusal(byEmergency, 'deactivate', root, rightsProfiles, [...alone, contrib])).toBe(
      'last-admin',
    );
    const second = person('second', 'admin');
    expect(userActionRefusal(byEmergency, 'deactivate', root, rightsProfiles, [...alone, second])).toBe(null);
    expect(removesLastAdmin(alone, rightsProfiles, root, { ...root, profileId: 'vacataire' })).toBe(true);
    expect(removesLastAdmin(alone, rightsProfiles, root, { ...root, status: 'Active' })).toBe(false);
  });

  it('bulk actions skip the signed-in user, archived users for Activer, and users beyond rights', () => {
    const inactive = person('t3', 'vacataire', 'Inactive');
    const all = [root, contrib, teacher, archived, inactive];
    const ids = (users: readonly User[]) => users.map((u) => u.id);
    expect(ids(bulkTargets(asRoot, 'deactivate', all, rightsProfiles, all))).toEqual(['contrib', 't1']);
    expect(ids(bulkTargets(asRoot, 'activate', all, rightsProfiles, all))).toEqual(['t3']);
    expect(ids(bulkTargets(asContrib, 'archive', all, rightsProfiles, all))).toEqual(['t1', 't3']);
  });

  it('e-mails are unique case and spaces ignored; an empty one never clashes', () => {
    expect(emailTaken(everyone, ' T1@Ecole.SN ', 'new')).toBe(true);
    expect(emailTaken(everyone, 't1@ecole.sn', 't1')).toBe(false);
    expect(emailTaken(everyone, 't2@ecole.sn', 'new')).toBe(true); // an archived account keeps its address
    expect(emailTaken(everyone, '', 'new')).toBe(false);
  });

  it('the teacher modules any manager may give are those of the access rules', () => {
    expect([...GRANTABLE_BY_ANY_MANAGER].sort()).toEqual([...TEACHER_MODULE_IDS].sort());
  });
});

describe('attachments are judged by their bytes (spec part 2 point 5)', () => {
  const b64 = (bytes: number[] | string) =>
    Buffer.from(typeof bytes === 'string' ? bytes : Uint8Array.from(bytes)).toString('base64');
  it.each([
    [b64('%PDF-1.7\n'), 'application/pdf'],
    [`data:application/pdf;base64,${b64('%PDF-1.4 x')}`, 'application/pdf'],
    [b64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    [b64([0xff, 0xd8, 0xff, 0xe0, 0]), 'image/jpeg'],
    [b64('GIF89a....'), 'image/gif'],
    [b64('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    [b64('<html><script>alert(1)</script></html>'), null],
    // A real bitmap header: size 70, reserved 0, pixels at 54, BITMAPINFOHEADER (40).
    [b64([0x42, 0x4d, 70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0]), 'image/bmp'],
    // "BM" followed by HTML was accepted as a bitmap; so was SOI followed by text as a JPEG.
    [b64('BM<html><script>alert(1)</script></html>'), null],
    [b64([0x42, 0x4d, 70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 99, 0, 0, 0, 1, 0]), null],
    [b64([0xff, 0xd8, 0xff, 0x3c, 0x68, 0x74, 0x6d, 0x6c]), null],
    [b64('RIFF\0\0\0\0WEBP<html>'), null],
    [b64('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['%%%not base64%%%', null],
  ])('#%# => %s', (content, expected) => {
    expect(sniffAttachment(content)).toBe(expected);
  });

  it('counts the decoded size at the 3,000,000-byte threshold', () => {
    const pdf = (size: number) => {
      const bytes = Buffer.alloc(size, 0x20);
      bytes.write('%PDF-', 0, 'latin1');
      return bytes.toString('base64');
    };
    for (const size of [1, 2, 3, 2_999_999, 3_000_000]) expect(decodedSize(pdf(size))).toBe(size);
    expect(attachmentContentProblem({ contentBase64: pdf(3_000_000) })).toBeNull();
    expect(attachmentContentProblem({ contentBase64: pdf(3_000_001) })).toBe('too-large');
    expect(attachmentContentProblem({ contentBase64: '' })).toBe('empty');
  });
});

describe('record size caps', () => {
  it.each([
    ['userLogs', { details: 'x'.repeat(2_000) }, null],
    ['userLogs', { details: 'x'.repeat(2_001) }, 'text'],
    ['users', { name: 'x'.repeat(320) }, null],
    ['users', { name: 'x'.repeat(321) }, 'text'],
    ['users', { extra: { notes: 'x'.repeat(2_001) } }, 'text'],
    ['levels', { abbr: 'x'.repeat(4_001) }, 'text'],
    ['userLogs', { fields: Array.from({ length: 40 }, () => ({ before: 'x'.repeat(300) })) }, 'record'],
  ] as const)('%s %# => %s', (collection, values, expected) => {
    expect(recordSizeProblem(collection, values)?.kind ?? null).toBe(expected);
  });
});

describe('archived accounts and unique e-mails (rights bound what one can grant)', () => {
  it.each([
    ['restore', { status: 'Archived' }, true],
    ['restore', { status: 'Archived', isEmergency: true }, false], // its password is the initial one
    ['restore', { status: 'Inactive' }, false],
    ['activate', { status: 'Archived' }, false], // Restaurer is the way back
    ['activate', { status: 'Inactive' }, true],
    ['deactivate', { status: 'Active' }, true],
    ['edit', { status: 'Archived' }, true],
  ] as const)('%s on %o -> %s', (action, target, expected) => {
    expect(actionApplies(action, target)).toBe(expected);
  });

  it('lists the e-mails held twice, case and spaces ignored, empty ones never', () => {
    expect(
      duplicateEmails([
        { email: 'moussa.fall@ecole.sn' },
        { email: ' MOUSSA.FALL@ecole.sn' },
        { email: '' },
        { email: '' },
        { email: 'awa@ecole.sn' },
      ]),
    ).toEqual(['moussa.fall@ecole.sn']);
    expect(duplicateEmails([{ email: 'a@b.sn' }, { email: 'c@b.sn' }])).toEqual([]);
  });
});

describe('backup and restore need the rights to grant every profile', () => {
  const profiles = [
    { moduleIds: ['users', 'profiles', 'settings', 'settings.donnees'] },
    { moduleIds: ['teacher', 'teacher.today', 'teacher.contract'] },
  ];
  it.each([
    [['users', 'profiles', 'settings', 'settings.donnees'], true],
    [['settings', 'settings.donnees'], false], // Données alone would read the administrators' hashes
    [['users', 'profiles', 'settings'], false], // no Données: no backup at all
  ])('%j -> %s', (granted, expected) => {
    expect(mayRestoreStore(new Set(granted), profiles)).toBe(expected);
  });
});
