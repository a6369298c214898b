import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import type { Contract } from '../../src/domain/store/schema';
import {
  loadTeacherSubmission,
  pickTeacherSubmission,
  rejectTeacherSubmission,
  saveTeacherSubmission,
  submitTeacherSubmission,
  validateTeacherSubmission,
} from '../../src/services/contracts/submission-service';
import {
  deleteVhContract,
  deleteVhContractLine,
  saveVhContract,
} from '../../src/services/contracts/vh-contract-service';
import { submissionFields } from '../support/builders';

let db: AppDatabase;
let counter = 0;
beforeEach(async () => {
  counter += 1;
  db = openDatabase(`contracts-services-${counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const teacher = { id: 'u-t1', email: 'moussa@ecole.sn' };
const reviewer = { userId: 'u-rev', userName: 'Awa Diop' };
const complete = submissionFields();

describe('VH contract writes', () => {
  const contract: Contract = {
    id: 'c-1',
    teacherUserId: 'u-t1',
    startDate: '2025-03-01',
    endDate: '2025-05-30',
    createdAt: '2025-03-01T00:00:00.000Z',
    entries: [
      { id: 'e-1', classId: 'cl-1', moduleId: 'm-1', volumeCapMin: 600 },
      { id: 'e-2', classId: 'cl-2', moduleId: 'm-1', volumeCapMin: 0 },
    ],
  };

  it('saves, deletes a line, then deletes the contract, each with its outbox mutation', async () => {
    await saveVhContract(db, contract);
    expect(await db.contracts.get('c-1')).toEqual(contract);

    const removed = await deleteVhContractLine(db, 'c-1', 'e-1');
    expect(removed.ok).toBe(true);
    expect((await db.contracts.get('c-1'))?.entries.map((e) => e.id)).toEqual(['e-2']);

    await deleteVhContract(db, 'c-1');
    expect(await db.contracts.get('c-1')).toBeUndefined();

    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => [m.collection, m.recordId, m.op])).toEqual([
      ['contracts', 'c-1', 'put'],
      ['contracts', 'c-1', 'put'],
      ['contracts', 'c-1', 'delete'],
    ]);
    expect(outbox[1]?.changedFields).toEqual(['entries']);
  });

  it('reports a missing contract instead of throwing', async () => {
    expect(await deleteVhContractLine(db, 'nope', 'e-1')).toEqual({ ok: false, code: 'not-found' });
  });
});

describe('teacher contract file writes: draft -> submitted -> rejected -> resubmitted -> validated', () => {
  it('runs the whole review cycle and records who and when', async () => {
    // "Suivant" on a new file: a draft with the account e-mail, whatever the form says.
    const draft = await saveTeacherSubmission(db, {
      teacher,
      fields: { firstName: 'Moussa', email: 'autre@ecole.sn' },
      now: '2025-03-10T08:00:00Z',
    });
    expect(draft.ok && draft.value.status).toBe('draft');
    const stored = await loadTeacherSubmission(db, 'u-t1');
    expect(stored?.email).toBe('moussa@ecole.sn');

    // "Soumettre" with missing fields: refused with the issues, but what was typed is kept.
    const refused = await submitTeacherSubmission(db, {
      teacher,
      fields: { firstName: 'Moussa', address: 'Rue 10' },
      now: '2025-03-10T08:05:00Z',
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.issues?.map((i) => i.field)).toContain('lastName');
    expect((await loadTeacherSubmission(db, 'u-t1'))?.address).toBe('Rue 10');
    expect((await loadTeacherSubmission(db, 'u-t1'))?.status).toBe('draft');

    const submitted = await submitTeacherSubmission(db, {
      teacher,
      fields: complete,
      now: '2025-03-10T08:10:00Z',
    });
    expect(submitted.ok && submitted.value.status).toBe('submitted');
    const id = submitted.ok ? submitted.value.id : '';
    expect(id).toBe(stored?.id);

    const rejected = await rejectTeacherSubmission(db, {
      submissionId: id,
      reviewer,
      reason: '  RIB illisible  ',
      now: '2025-03-11T09:00:00Z',
    });
    expect(rejected.ok && rejected.value).toMatchObject({
      status: 'rejected',
      rejectionReason: 'RIB illisible',
      rejectedByUserId: 'u-rev',
      rejectedByUserName: 'Awa Diop',
      rejectedAt: '2025-03-11T09:00:00.000Z',
    });

    // A rejected file is corrected ("Suivant" keeps the status) and submitted again.
    const corrected = await saveTeacherSubmission(db, {
      teacher,
      fields: { ...complete, address: 'Rue 12, Dakar' },
      now: '2025-03-11T10:00:00Z',
    });
    expect(corrected.ok && corrected.value.status).toBe('rejected');
    const resubmitted = await submitTeacherSubmission(db, {
      teacher,
      fields: {},
      now: '2025-03-11T10:05:00Z',
    });
    expect(resubmitted.ok && resubmitted.value).toMatchObject({
      status: 'submitted',
      address: 'Rue 12, Dakar',
    });

    const validated = await validateTeacherSubmission(db, {
      submissionId: id,
      reviewer,
      now: '2025-03-12T09:00:00Z',
    });
    expect(validated.ok && validated.value).toMatchObject({
      status: 'validated',
      validatedByUserId: 'u-rev',
      validatedByUserName: 'Awa Diop',
      validatedAt: '2025-03-12T09:00:00.000Z',
    });

    // Validated files are read-only, and cannot be reviewed again.
    expect(
      await saveTeacherSubmission(db, { teacher, fields: complete, now: '2025-03-13T00:00:00Z' }),
    ).toEqual({
      ok: false,
      code: 'read-only',
    });
    expect(
      await rejectTeacherSubmission(db, { submissionId: id, reviewer, now: '2025-03-13T00:00:00Z' }),
    ).toEqual({
      ok: false,
      code: 'already-validated',
    });
    expect(await db.teacherContractSubmissions.count()).toBe(1);
    expect(await db.outbox.where('collection').equals('teacherContractSubmissions').count()).toBe(7);
  });

  it('reviewing a missing file reports not-found', async () => {
    expect(
      await validateTeacherSubmission(db, { submissionId: 'x', reviewer, now: '2025-03-12T09:00:00Z' }),
    ).toEqual({ ok: false, code: 'not-found' });
  });

  it('picks the validated file first, then the latest update, when two devices created one each', () => {
    const base = { teacherUserId: 'u-t1', attachments: [] };
    expect(
      pickTeacherSubmission([
        { ...base, id: 'a', status: 'draft', updatedAt: '2025-03-02T00:00:00Z' },
        { ...base, id: 'b', status: 'submitted', updatedAt: '2025-03-03T00:00:00Z' },
      ])?.id,
    ).toBe('b');
    expect(
      pickTeacherSubmission([
        { ...base, id: 'a', status: 'validated', updatedAt: '2025-03-01T00:00:00Z' },
        { ...base, id: 'b', status: 'draft', updatedAt: '2025-03-03T00:00:00Z' },
      ])?.id,
    ).toBe('a');
    expect(pickTeacherSubmission([])).toBeNull();
  });
});
