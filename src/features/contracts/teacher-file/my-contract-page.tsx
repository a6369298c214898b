import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import { fr } from '../../../i18n/fr';
import { loadTeacherSubmission } from '../../../services/contracts/submission-service';
import { useSignedInSession } from '../../../session/use-session';
import { StatusTag } from '../shared/status-tag';
import { ContractFileForm } from './contract-file-form';
import '../contracts.css';

/** /teacher/contract "Mon contrat" (spec part 2 points 2 and 4): the teacher's own contract file. */
export function MyContractPage() {
  const t = fr.contracts.file;
  const session = useSignedInSession();
  const userId = session?.user.id ?? null;
  // The result names the user it was read for: when `userId` arrives (the session is read after the first
  // render), useLiveQuery keeps returning the previous query's `null` until the new one answers. Mounting the
  // form on that stale `null` filled it with defaults, and "Suivant" then wrote them (an empty attachment
  // list) over the stored file.
  const loaded = useLiveQuery(
    async () => ({ userId, file: userId ? await loadTeacherSubmission(appDb(), userId) : null }),
    [userId],
  );
  if (!session || loaded === undefined || loaded.userId !== session.user.id)
    return <p className="page-loading">{fr.app.loading}</p>;
  const submission = loaded.file;
  const status = submission?.status ?? 'draft';
  return (
    <section aria-labelledby="file-title" className="contracts-file">
      <div className="toolbar">
        <h2 id="file-title" className="grow">
          {t.title}
        </h2>
        <span className="visually-hidden">{t.statusLabel}</span>
        <StatusTag status={status} />
      </div>
      {status === 'rejected' ? (
        <div className="contracts-banner rejected" role="alert">
          <strong>{t.rejectedBanner}</strong>
          <p>
            {submission?.rejectionReason ? t.rejectedReason(submission.rejectionReason) : t.rejectedNoReason}
          </p>
        </div>
      ) : null}
      {status === 'validated' ? <div className="contracts-banner validated">{t.validatedBanner}</div> : null}
      {status === 'submitted' ? <div className="contracts-banner submitted">{t.submittedBanner}</div> : null}
      <ContractFileForm key={session.user.id} user={session.user} submission={submission} />
    </section>
  );
}
