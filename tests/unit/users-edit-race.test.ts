import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import type { User } from '../../src/domain/store/schema';
import { applyUserEdit, createUser, updateUser } from '../../src/services/users/user-edits';

let db: AppDatabase;
let n = 0;
beforeEach(() => {
  db = openDatabase(`users-edit-race-${(n += 1)}`);
});
afterEach(async () => {
  await db.delete();
});

const actor = { id: 'u-admin', name: 'Awa Diop' };
/** The user an edit form opened with, with these extra fields. */
const userWith = (extra: Record<string, unknown>): User => ({
  id: 'u-1',
  name: 'A',
  email: 'a@x.sn',
  profileId: 'teacher',
  status: 'Active',
  extra,
});
const SERVER_HASH = 'pbkdf2-sha256$600000$c2VydmVyc2FsdA==$c2VydmVyaGFzaA==';

describe('editing a user the sync wrote meanwhile (the e2e flake of users.spec: edit refused as a pushed hash)', () => {
  it('pushes only the fields the form changed, over the record as stored now', async () => {
    const created = await createUser(
      db,
      {
        name: 'Ibrahima Sarr',
        email: 'ibrahima@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        extra: {},
      },
      actor,
    );
    const opened = await db.users.get(created.id);
    // The push answer of the creation arrives while the edit form is open: the server's own hash of the
    // initial password replaces the device's (written by the sync, no outbox entry).
    await db.users.put({ ...created, passwordHash: SERVER_HASH });
    await db.outbox.clear();

    await updateUser(
      db,
      opened as User,
      { name: 'Ibrahima Sarr', email: 'i.sarr@ecole.sn', profileId: 'teacher', extra: {} },
      actor,
    );

    const stored = await db.users.get(created.id);
    expect(stored?.email).toBe('i.sarr@ecole.sn');
    expect(stored?.passwordHash).toBe(SERVER_HASH);
    const [change, entry] = await db.outbox.orderBy('seq').toArray();
    expect(change?.changedFields).toEqual(['email']);
    expect(entry?.collection).toBe('userLogs');
  });

  it('keeps another administrator’s change to a field the form did not touch', () => {
    const opened = userWith({ phone: '1', city: 'Dakar' });
    const stored = {
      ...opened,
      name: 'A. Ndiaye',
      status: 'Inactive',
      extra: { phone: '1', city: 'Thiès' },
    } as User;
    const next = applyUserEdit(stored, opened, {
      name: 'A',
      email: 'a@x.sn',
      profileId: 'teacher',
      extra: { phone: '2', city: 'Dakar' },
    });
    expect(next).toEqual({ ...stored, extra: { phone: '2', city: 'Thiès' } });
  });

  it('clears an extra field the form emptied, and changes nothing when the form changed nothing', () => {
    const opened = userWith({ phone: '1' });
    expect(
      applyUserEdit(opened, opened, { name: 'A', email: 'a@x.sn', profileId: 'teacher', extra: {} }).extra,
    ).toEqual({});
    expect(
      applyUserEdit(opened, opened, {
        name: 'A',
        email: 'a@x.sn',
        profileId: 'teacher',
        extra: { phone: '1' },
      }),
    ).toEqual(opened);
  });
});
