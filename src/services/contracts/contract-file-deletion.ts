import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { toIsoInstant, type InstantLike } from '../../domain/time/instant';

/**
 * Deleting contract files and their pieces (issue 29: storage the school controls). A validated file stays
 * read-only (spec part 2 point 4); the server applies the same rule (src/domain/access/write-contract-files.ts):
 * its teacher removes pieces of her own file, a compliance reviewer deletes any other file or its pieces.
 */
export type DeletionResult = { ok: true } | { ok: false; code: 'not-found' | 'read-only' };

/** "Supprimer" on the Fiche d'identification: the whole file and its pieces. */
export async function deleteContractFile(
  db: AppDatabase,
  input: { submissionId: string },
): Promise<DeletionResult> {
  return writeBatch(db, async (w) => {
    const current = await w.get('teacherContractSubmissions', input.submissionId);
    if (!current) return { ok: false, code: 'not-found' } as const;
    if (current.status === 'validated') return { ok: false, code: 'read-only' } as const;
    await w.remove('teacherContractSubmissions', current.id);
    return { ok: true } as const;
  });
}

/** "Supprimer la pièce" of a reviewer: the file keeps its other pieces and its status. */
export async function removeContractPiece(
  db: AppDatabase,
  input: { submissionId: string; attachmentId: string; now: InstantLike },
): Promise<DeletionResult> {
  return writeBatch(db, async (w) => {
    const current = await w.get('teacherContractSubmissions', input.submissionId);
    if (!current) return { ok: false, code: 'not-found' } as const;
    if (current.status === 'validated') return { ok: false, code: 'read-only' } as const;
    const attachments = current.attachments.filter((a) => a.id !== input.attachmentId);
    if (attachments.length === current.attachments.length) return { ok: false, code: 'not-found' } as const;
    await w.put('teacherContractSubmissions', {
      ...current,
      attachments,
      updatedAt: toIsoInstant(input.now),
    });
    return { ok: true } as const;
  });
}
