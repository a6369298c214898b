import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import type { TeacherContractSubmission } from '../../src/domain/store/schema';
import { syncNow } from '../../src/sync/remote-store';
import { SEED_ADMIN_ID, startTestServer, type TestServer } from './sync-helpers';

let server: TestServer;
let devices: AppDatabase[] = [];
let n = 0;
/** A device where `userId` is signed in: its changes travel under that person's server session only. */
const device = (userId: string) => {
  const db = openDatabase(`sync-partial-${(n += 1)}`);
  devices.push(db);
  void setMeta(db, 'currentUserId', userId);
  return db;
};
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const db of devices) await db.delete();
  devices = [];
  await server.close();
});

const file: TeacherContractSubmission = {
  id: 'tc-1',
  teacherUserId: 'u-t',
  status: 'draft',
  civility: 'Mme.',
  firstName: 'Fatou',
  lastName: 'Ndiaye',
  address: 'Dakar',
  bankName: 'CBAO',
  attachments: [
    {
      id: 'a-1',
      kind: 'rib',
      name: 'rib.pdf',
      contentBase64: 'JVBERi0=',
      size: 5,
      uploadedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

describe('a reviewer edit pulled by the teacher (a reported regression)', () => {
  it('keeps every field the teacher wrote', async () => {
    const teacher = device('u-t');
    const reviewer = device(SEED_ADMIN_ID);
    // The server takes a contract file only from its teacher (the reviewer only reviews it).
    const asTeacher = await server.fetchAs('u-t');
    await writeBatch(teacher, (w) => w.put('teacherContractSubmissions', file));
    await writeBatch(teacher, (w) =>
      w
        .patch('teacherContractSubmissions', 'tc-1', {
          status: 'submitted',
          submittedAt: '2026-11-20T11:00:00.000Z',
        })
        .then(() => undefined),
    );
    await syncNow(teacher, asTeacher);
    await syncNow(reviewer, server.fetch);
    expect((await reviewer.teacherContractSubmissions.get('tc-1'))?.address).toBe('Dakar');
    await writeBatch(reviewer, (w) =>
      w
        .patch('teacherContractSubmissions', 'tc-1', { status: 'rejected', rejectionReason: 'RIB illisible' })
        .then(() => undefined),
    );
    await syncNow(reviewer, server.fetch);
    await syncNow(teacher, asTeacher);
    const seen = await teacher.teacherContractSubmissions.get('tc-1');
    expect(seen?.status).toBe('rejected');
    expect(seen?.address).toBe('Dakar');
    expect(seen?.attachments).toHaveLength(1);
  });
});

describe('a record the server refuses', () => {
  it('is not wiped on the device that wrote it', async () => {
    const teacher = device(SEED_ADMIN_ID);
    await writeBatch(teacher, (w) =>
      w.put('teacherContractSubmissions', { ...file, civility: '' as never, idType: '' as never }),
    );
    await syncNow(teacher, server.fetch);
    const seen = await teacher.teacherContractSubmissions.get('tc-1');
    expect(seen?.address).toBe('Dakar');
  });
});
