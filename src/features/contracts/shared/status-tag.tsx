import type { SubmissionStatus } from '../../../domain/contracts/submission';
import { fr } from '../../../i18n/fr';

const TONE: Record<SubmissionStatus, string> = {
  validated: 'pill green',
  rejected: 'pill red',
  submitted: 'pill blue',
  draft: 'pill',
};

/** spec part 2 point 2: validé, rejeté, soumis, brouillon. */
export function StatusTag({ status }: { status: SubmissionStatus }) {
  return <span className={`${TONE[status]} contracts-status`}>{fr.contracts.status[status]}</span>;
}
