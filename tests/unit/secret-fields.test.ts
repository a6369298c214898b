import { describe, expect, it } from 'vitest';
import { backupOf } from '../../server/routes/backup';
import { projectRecord } from '../../src/domain/access/read';
import { SECRET_USER_FIELDS as RULES_SECRET_FIELDS } from '../../src/domain/access/rules';
import { userViewer } from '../../src/domain/access/viewer';
import { CREDENTIAL_FIELDS } from '../../src/domain/access/write-people';
import { defaultProfiles } from '../../src/domain/defaults';
import type { StoreV1, User } from '../../src/domain/store/schema';
import { userFieldChanges } from '../../src/domain/users/field-changes';
import {
  RESET_FIELDS,
  SECRET_STATE_FIELDS,
  SECRET_USER_FIELDS,
  UNJOURNALED_USER_FIELDS,
} from '../../src/domain/users/secret-fields';

/**
 * One list of secret fields (issue 34): the read filter, the journal, the push rule and the backup all use
 * domain/users/secret-fields, so a field added there is hidden, unjournaled and unpushable everywhere.
 */
const secretValues = Object.fromEntries(
  [...SECRET_USER_FIELDS, ...SECRET_STATE_FIELDS].map((field) => [field, `secret-${field}`]),
);
const user = {
  id: 'u-1',
  name: 'Awa',
  email: 'awa@ecole.sn',
  status: 'Active',
  profileId: 'teacher',
} as User;

describe('one list of secret fields', () => {
  it('is the list the access rules export', () => {
    expect(RULES_SECRET_FIELDS).toBe(SECRET_USER_FIELDS);
    expect([...UNJOURNALED_USER_FIELDS].sort()).toEqual(
      [...SECRET_USER_FIELDS, ...SECRET_STATE_FIELDS].sort(),
    );
  });

  it('another user with users receives none of the secrets', () => {
    const viewer = userViewer('u-admin', new Set(['users']), 'password');
    const lookup = { profiles: defaultProfiles(), user: () => null, timetable: () => null };
    const seen = projectRecord(viewer, 'users', { ...user, ...secretValues }, lookup) ?? {};
    for (const field of SECRET_USER_FIELDS) expect(seen).not.toHaveProperty(field);
  });

  it('nothing of them is journaled, even in the form fields', () => {
    const names = { profiles: new Map(), institutes: new Map(), levels: new Map() };
    const changes = userFieldChanges({ ...user, extra: {} }, { ...user, extra: { ...secretValues } }, names);
    expect(changes).toEqual([]);
  });

  it('every secret is a field only the server writes; the reset state never reaches a backup', () => {
    for (const field of SECRET_USER_FIELDS) expect(CREDENTIAL_FIELDS).toContain(field);
    const store = { users: [{ ...user, ...secretValues }] } as unknown as StoreV1;
    const [backedUp] = backupOf(store).users;
    for (const field of RESET_FIELDS) expect(backedUp).not.toHaveProperty(field);
    expect(backedUp).toHaveProperty('passwordHash', 'secret-passwordHash');
  });
});
