import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDb, openDatabase, type AppDatabase } from '../../src/db/database';
import { setMeta } from '../../src/db/meta';
import type { Profile, User } from '../../src/domain/store/schema';
import { MyContractPage } from '../../src/features/contracts/teacher-file/my-contract-page';
import {
  loadTeacherSubmission,
  rejectTeacherSubmission,
  submitTeacherSubmission,
} from '../../src/services/contracts/submission-service';
import { syncNow } from '../../src/sync/remote-store';
import { ToastProvider } from '../../src/ui/toast';
import { submissionFields } from '../support/builders';
import { SEED_ADMIN_ID, startTestServer, type TestServer } from './sync-helpers';

/**
 * A reported regression: after a reviewer's rejection, the teacher reloads "Mon contrat" and sees the rejection but
 * an empty form; "Suivant" then writes the empty attachment list over both files. The sync was not at fault:
 * the page mounted the form (whose state is set once) with the query result computed before the session was
 * known (dexie-react-hooks keeps the previous result while a query with new deps runs).
 */

const teacher: User = {
  id: 'u-t1',
  name: 'Moussa Fall',
  email: 'moussa@ecole.sn',
  profileId: 'teacher',
  status: 'Active',
};
const profile: Profile = {
  id: 'teacher',
  name: 'Enseignant',
  moduleIds: ['teacher', 'teacher.contract'],
  formFieldKeys: [],
};
const NOW = new Date('2025-03-12T12:00:00.000Z');
const attachment = (id: string, kind: 'id' | 'rib', name: string) => ({
  id,
  kind,
  name,
  size: 5,
  contentBase64: 'JVBERi0=',
  uploadedAt: NOW.toISOString(),
});
const fields = submissionFields({
  attachments: [attachment('att-1', 'id', 'cni.pdf'), attachment('att-2', 'rib', 'rib.png')],
});

let server: TestServer;
let reviewer: AppDatabase;
beforeEach(async () => {
  server = await startTestServer();
  reviewer = openDatabase('contract-file-reload-reviewer');
});
afterEach(async () => {
  cleanup();
  await appDb().delete();
  await reviewer.delete();
  await server.close();
});

describe('the teacher reopens a rejected contract file', () => {
  it('shows every stored field, and "Suivant" keeps the attachments', async () => {
    const device = appDb();
    // Device-local accounts: the page only needs a signed-in teacher.
    await device.users.put(teacher);
    await device.profiles.put(profile);
    const submitted = await submitTeacherSubmission(device, { teacher, fields, now: NOW });
    expect(submitted.ok).toBe(true);
    // The server takes a contract file only from its teacher, and a device exchanges only under the session
    // of the person signed in on it.
    const asTeacher = await server.fetchAs('u-t1');
    await setMeta(device, 'currentUserId', teacher.id);
    await syncNow(device, asTeacher);

    await setMeta(reviewer, 'currentUserId', SEED_ADMIN_ID);
    await syncNow(reviewer, server.fetch);
    const file = await loadTeacherSubmission(reviewer, teacher.id);
    const rejected = await rejectTeacherSubmission(reviewer, {
      submissionId: file?.id ?? '',
      reviewer: { userId: SEED_ADMIN_ID, userName: 'Admin' },
      reason: 'RIB illisible',
      now: NOW,
    });
    expect(rejected.ok).toBe(true);
    await syncNow(reviewer, server.fetch);
    await syncNow(device, asTeacher);
    const pulled = await loadTeacherSubmission(device, teacher.id);
    expect(pulled?.status).toBe('rejected');
    expect(pulled?.attachments).toHaveLength(2);

    // The "reload": the page mounts while the session is still being read.
    await setMeta(device, 'currentUserId', teacher.id);
    render(
      <ToastProvider>
        <MyContractPage />
      </ToastProvider>,
    );
    await screen.findByText('Motif : RIB illisible');
    expect(screen.getByLabelText('Adresse', { exact: true })).toHaveProperty('value', 'Rue 10, Dakar');
    expect(screen.getByLabelText('Banque', { exact: true })).toHaveProperty('value', 'Banque Exemple');

    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('Enregistré');
    await waitFor(async () => {
      const saved = await loadTeacherSubmission(device, teacher.id);
      expect(saved?.attachments?.map((a) => a.name)).toEqual(['cni.pdf', 'rib.png']);
      expect(saved?.address).toBe('Rue 10, Dakar');
      expect(saved?.status).toBe('rejected');
    });
  });
});
