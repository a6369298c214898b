import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb, openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import { refusesOneChange } from '../../src/sync/outbox-push';
import type { Attachment, Profile, User } from '../../src/domain/store/schema';
import { AttachmentsStep } from '../../src/features/contracts/teacher-file/attachments-step';
import { SubmissionDetailDialog } from '../../src/features/contracts/compliance/submission-detail-dialog';
import { deleteContractFile, removeContractPiece } from '../../src/services/contracts/contract-file-deletion';
import {
  loadTeacherSubmission,
  submitTeacherSubmission,
} from '../../src/services/contracts/submission-service';
import { syncNow } from '../../src/sync/remote-store';
import { submissionFields } from '../support/builders';
import { SEED_ADMIN_ID, startTestServer, type TestServer } from './sync-helpers';

/**
 * Issue 29: a compliance reviewer deletes a teacher's unvalidated pieces and files from the Fiche
 * d'identification, the deletion reaches the server and the teacher's device; the screens ask first.
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
const pdf = (bytes: number) => {
  const data = Buffer.alloc(bytes, 0x20);
  data.write('%PDF-1.4\n', 0, 'latin1');
  return data.toString('base64');
};
const piece = (id: string, kind: Attachment['kind'], name: string, bytes = 64): Attachment => ({
  id,
  kind,
  name,
  size: bytes,
  contentBase64: pdf(bytes),
  uploadedAt: NOW.toISOString(),
});

describe('a reviewer deletes pieces and files, on the server and the teacher’s device', () => {
  let server: TestServer;
  let reviewer: AppDatabase;
  beforeEach(async () => {
    server = await startTestServer();
    reviewer = openDatabase('contract-file-deletion-reviewer');
  });
  afterEach(async () => {
    await appDb().delete();
    await reviewer.delete();
    await server.close();
  });

  it('removes a piece, then the file', async () => {
    const device = appDb();
    await device.users.put(teacher);
    await device.profiles.put(profile);
    const fields = submissionFields({
      attachments: [piece('att-1', 'id', 'cni.pdf'), piece('att-2', 'rib', 'rib.pdf')],
    });
    expect((await submitTeacherSubmission(device, { teacher, fields, now: NOW })).ok).toBe(true);
    const asTeacher = await server.fetchAs('u-t1');
    await setMeta(device, 'currentUserId', teacher.id);
    await syncNow(device, asTeacher);

    await setMeta(reviewer, 'currentUserId', SEED_ADMIN_ID);
    await syncNow(reviewer, server.fetch);
    const file = await loadTeacherSubmission(reviewer, teacher.id);
    if (!file) throw new Error('the reviewer did not receive the file');
    expect(
      await removeContractPiece(reviewer, { submissionId: file.id, attachmentId: 'att-1', now: NOW }),
    ).toEqual({ ok: true });
    await syncNow(reviewer, server.fetch);
    await syncNow(device, asTeacher);
    expect((await loadTeacherSubmission(device, teacher.id))?.attachments.map((a) => a.id)).toEqual([
      'att-2',
    ]);

    expect(await deleteContractFile(reviewer, { submissionId: file.id })).toEqual({ ok: true });
    await syncNow(reviewer, server.fetch);
    const onServer = (await (await server.fetch('/api/store?orgId=demo')).json()) as {
      teacherContractSubmissions: unknown[];
    };
    expect(onServer.teacherContractSubmissions).toEqual([]);
    await syncNow(device, asTeacher);
    expect(await loadTeacherSubmission(device, teacher.id)).toBeNull();
    expect(await deleteContractFile(reviewer, { submissionId: file.id })).toEqual({
      ok: false,
      code: 'not-found',
    });
  }, 60_000);
});

describe('the screens ask before deleting', () => {
  afterEach(cleanup);

  it('Mon dossier: "Retirer" a piece asks first; Annuler keeps it, Retirer removes it', async () => {
    const onRemove = vi.fn(() => Promise.resolve());
    render(
      <AttachmentsStep
        attachments={[piece('att-1', 'rib', 'rib.pdf')]}
        isReadOnly={false}
        isBusy={false}
        issues={[]}
        onAdd={() => Promise.resolve()}
        onRemove={onRemove}
        onBack={() => undefined}
        onSubmit={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retirer rib.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Retirer « rib.pdf » de votre dossier ?');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer rib.pdf' }));
    await screen.findByRole('alertdialog');
    const confirm = screen.getAllByRole('button', { name: 'Retirer' }).at(-1);
    if (!confirm) throw new Error('no confirm button');
    fireEvent.click(confirm);
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith('att-1'));
  });

  it('Mon dossier: a piece beyond the teacher’s 15 MB is refused before sending, in French', async () => {
    const onAdd = vi.fn(() => Promise.resolve());
    // 12,500,000 bytes held: a 3,000,000-byte piece would pass 15,000,000.
    const held = { ...piece('big', 'attestation', 'diplome.pdf'), contentBase64: 'A'.repeat(16_666_668) };
    render(
      <AttachmentsStep
        attachments={[held]}
        isReadOnly={false}
        isBusy={false}
        issues={[]}
        onAdd={onAdd}
        onRemove={() => Promise.resolve()}
        onBack={() => undefined}
        onSubmit={() => undefined}
      />,
    );
    const input = document.getElementById('upload-rib') as HTMLInputElement;
    const file = new File([new Uint8Array(3_000_000)], 'rib.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/dépasseraient 15 Mo au total/);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('Fiche d’identification: each piece of an unvalidated file has "Supprimer la pièce"', () => {
    const onRemovePiece = vi.fn();
    const file = {
      id: 'tc-1',
      teacherUserId: 'u-t1',
      status: 'submitted' as const,
      attachments: [piece('att-1', 'id', 'cni.pdf')],
    };
    render(
      <SubmissionDetailDialog
        submission={file}
        teacherName="Moussa Fall"
        onClose={() => undefined}
        onRemovePiece={onRemovePiece}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la pièce cni.pdf' }));
    expect(onRemovePiece).toHaveBeenCalledWith(file.attachments[0]);
    cleanup();
    render(
      <SubmissionDetailDialog
        submission={{ ...file, status: 'validated' }}
        teacherName="Moussa Fall"
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Supprimer la pièce cni.pdf' })).toBeNull();
  });
});

describe('a change the server refuses for storage leaves the outbox, the rest goes on', () => {
  let server: TestServer;
  let device: AppDatabase;
  beforeEach(async () => {
    server = await startTestServer();
    device = openDatabase('storage-refusal-device');
  });
  afterEach(async () => {
    await device.delete();
    await server.close();
  });

  it('a fourth contract file (413) is dropped and counted, the three others reach the server', async () => {
    await device.users.put(teacher);
    await device.profiles.put(profile);
    await setMeta(device, 'currentUserId', teacher.id);
    // Four files written on the device (as four offline devices would each create one).
    for (const id of ['tc-a', 'tc-b', 'tc-c', 'tc-d'])
      await writeBatch(device, (w) =>
        w.put('teacherContractSubmissions', {
          id,
          teacherUserId: teacher.id,
          status: 'draft',
          attachments: [],
        }),
      );
    const asTeacher = await server.fetchAs('u-t1');
    // The first exchange stops at the refused change, drops it, and sends the rest.
    await syncNow(device, asTeacher);
    await syncNow(device, asTeacher);
    expect(await device.outbox.count()).toBe(0);
    expect(await getMeta(device, 'refusedChanges')).toBe(1);
    const onServer = (await (await server.fetch('/api/store?orgId=demo')).json()) as {
      teacherContractSubmissions: { id: string }[];
    };
    expect(onServer.teacherContractSubmissions.map((f) => f.id)).toEqual(['tc-a', 'tc-b', 'tc-c']);
  }, 60_000);

  it('a 507 (the organisation quota) names the change the device drops', () => {
    expect(refusesOneChange(507)).toBe(true);
    expect(refusesOneChange(413)).toBe(true);
    expect(refusesOneChange(429)).toBe(false);
  });
});
