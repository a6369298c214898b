import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { canReviewSubmission } from '../../../domain/contracts/submission';
import type { Attachment, TeacherContractSubmission } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { frContractStorage } from '../../../i18n/fr-contract-storage';
import {
  deleteContractFile,
  removeContractPiece,
  type DeletionResult,
} from '../../../services/contracts/contract-file-deletion';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  rejectTeacherSubmission,
  validateTeacherSubmission,
  type ReviewResult,
} from '../../../services/contracts/submission-service';
import { useSignedInSession } from '../../../session/use-session';
import { useToast } from '../../../ui/toast';
import { formatDateTime } from '../shared/format';
import { StatusTag } from '../shared/status-tag';
import { RejectDialog } from './reject-dialog';
import { SubmissionDetailDialog } from './submission-detail-dialog';
import '../contracts.css';

type Open = { kind: 'view' | 'reject' | 'delete'; id: string };

/** /contracts/compliance "Fiche d'identification": review of the teachers' contract files. */
export function CompliancePage() {
  const t = fr.contracts.compliance;
  const toast = useToast();
  const session = useSignedInSession();
  const [open, setOpen] = useState<Open | null>(null);
  const [removingPiece, setRemovingPiece] = useState<Attachment | null>(null);
  const data = useLiveQuery(async () => {
    const db = appDb();
    const [files, users] = await Promise.all([db.teacherContractSubmissions.toArray(), db.users.toArray()]);
    return {
      files: files.sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '')),
      names: new Map(users.map((u) => [u.id, u.name])),
    };
  }, []);
  const name = (s: TeacherContractSubmission) =>
    data?.names.get(s.teacherUserId) ??
    ([s.firstName, s.lastName].filter(Boolean).join(' ') || fr.contracts.common.unknown);
  const reviewer = { userId: session?.user.id ?? null, userName: session?.user.name ?? null };
  const report = (result: ReviewResult, success: string) => {
    if (result.ok) toast.show(success);
    else toast.show(result.code === 'not-found' ? t.notFound : t.alreadyValidated, 'error');
  };
  const opened = data?.files.find((f) => f.id === open?.id) ?? null;
  const reportDeletion = (result: DeletionResult, success: string) => {
    if (result.ok) toast.show(success);
    else
      toast.show(
        result.code === 'not-found' ? frContractStorage.notFound : frContractStorage.readOnly,
        'error',
      );
  };

  return (
    <section aria-labelledby="compliance-title">
      <h2 id="compliance-title">{t.title}</h2>
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data?.files.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {data && data.files.length > 0 ? (
        <>
          <p className="count-line">{t.count(data.files.length)}</p>
          <div className="table-scroll">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">{t.colTeacher}</th>
                  <th scope="col">{t.colStatus}</th>
                  <th scope="col">{t.colUpdated}</th>
                  <th scope="col">{t.colAttachments}</th>
                  <th scope="col">{t.colReason}</th>
                  <th scope="col">{t.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.files.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{name(s)}</th>
                    <td>
                      <StatusTag status={s.status} />
                    </td>
                    <td>{formatDateTime(s.updatedAt) || fr.contracts.common.unknown}</td>
                    <td>
                      {[...new Set(s.attachments.map((a) => a.kind))].map((kind) => (
                        <span key={kind} className="pill">
                          {fr.contracts.attachmentKinds[kind]}
                        </span>
                      ))}
                    </td>
                    <td>{s.status === 'rejected' ? (s.rejectionReason ?? '') : ''}</td>
                    <td>
                      <div className="row-actions">
                        <Button
                          className="button secondary small"
                          onPress={() => setOpen({ kind: 'view', id: s.id })}
                        >
                          {t.view}
                        </Button>
                        <Button
                          className="button primary small"
                          isDisabled={!canReviewSubmission(s)}
                          onPress={() =>
                            void validateTeacherSubmission(appDb(), {
                              submissionId: s.id,
                              reviewer,
                              now: new Date(),
                            }).then((r) => report(r, t.validated))
                          }
                        >
                          {t.validate}
                        </Button>
                        <Button
                          className="button danger small"
                          isDisabled={!canReviewSubmission(s)}
                          onPress={() => setOpen({ kind: 'reject', id: s.id })}
                        >
                          {t.reject}
                        </Button>
                        <Button
                          className="button danger small"
                          aria-label={frContractStorage.deleteFileLabel(name(s))}
                          isDisabled={!canReviewSubmission(s)}
                          onPress={() => setOpen({ kind: 'delete', id: s.id })}
                        >
                          {frContractStorage.deleteFile}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {opened && open?.kind === 'view' ? (
        <SubmissionDetailDialog
          submission={opened}
          teacherName={name(opened)}
          onClose={() => setOpen(null)}
          onRemovePiece={canReviewSubmission(opened) ? setRemovingPiece : undefined}
        />
      ) : null}
      {opened && open?.kind === 'view' ? (
        <ConfirmDialog
          isOpen={removingPiece !== null}
          onOpenChange={(isOpen) => (isOpen ? undefined : setRemovingPiece(null))}
          title={frContractStorage.deletePiece}
          message={frContractStorage.deletePieceMessage(removingPiece?.name ?? '', name(opened))}
          confirmLabel={frContractStorage.deletePiece}
          onConfirm={async () => {
            if (!removingPiece) return;
            const result = await removeContractPiece(appDb(), {
              submissionId: opened.id,
              attachmentId: removingPiece.id,
              now: new Date(),
            });
            reportDeletion(result, frContractStorage.pieceRemoved);
          }}
        />
      ) : null}
      {opened && open?.kind === 'delete' ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(isOpen) => (isOpen ? undefined : setOpen(null))}
          title={frContractStorage.deleteFileTitle}
          message={frContractStorage.deleteFileMessage(name(opened))}
          confirmLabel={frContractStorage.deleteFile}
          onConfirm={async () => {
            const result = await deleteContractFile(appDb(), { submissionId: opened.id });
            reportDeletion(result, frContractStorage.fileDeleted);
          }}
        />
      ) : null}
      {opened && open?.kind === 'reject' ? (
        <RejectDialog
          teacherName={name(opened)}
          onClose={() => setOpen(null)}
          onReject={async (reason) => {
            const result = await rejectTeacherSubmission(appDb(), {
              submissionId: opened.id,
              reviewer,
              reason,
              now: new Date(),
            });
            report(result, t.rejected);
            setOpen(null);
          }}
        />
      ) : null}
    </section>
  );
}
