import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { appDb } from '../../db/database';
import { canOpen } from '../../domain/auth/routes';
import { mustCompleteContractFile, TEACHER_CONTRACT_ROUTE } from '../../domain/contracts/teacher-routing';
import { frFirstMonth } from '../../i18n/fr-first-month';
import { useSignedInSession } from '../../session/use-session';

/**
 * Issue 33: a teacher lands on "Module du jour"; while the contract file is not validated (the teacher routing
 * rule, mustCompleteContractFile) this banner points to it. Never on a kiosk's PIN session.
 */
export function ContractFileBanner() {
  const session = useSignedInSession();
  const userId = session?.user.id ?? '';
  const submissions = useLiveQuery(
    () => appDb().teacherContractSubmissions.where('teacherUserId').equals(userId).toArray(),
    [userId],
  );
  if (!session || !submissions) return null;
  const access = { granted: session.granted, loginMode: session.loginMode };
  if (session.loginMode === 'pin' || !canOpen(TEACHER_CONTRACT_ROUTE, access)) return null;
  const validated = submissions.find((s) => s.status === 'validated') ?? submissions[0] ?? null;
  if (!mustCompleteContractFile(session.granted, validated)) return null;
  return (
    <p className="hint teacher-contract-banner" role="note">
      {frFirstMonth.today.contractIncomplete}{' '}
      <Link to={TEACHER_CONTRACT_ROUTE}>{frFirstMonth.today.openContract}</Link>
    </p>
  );
}
