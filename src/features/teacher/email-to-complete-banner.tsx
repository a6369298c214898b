import { isEmailToComplete } from '../../domain/users/email-to-complete';
import { frEmailToComplete } from '../../i18n/fr-import-levels';
import { useSignedInSession } from '../../session/use-session';

/** Issue 33 point 5: a teacher signed in with the import's provisional identifier is asked for a real e-mail. */
export function EmailToCompleteBanner() {
  const session = useSignedInSession();
  if (!session || session.loginMode === 'pin' || !isEmailToComplete(session.user.email)) return null;
  return (
    <p className="hint teacher-contract-banner" role="note">
      {frEmailToComplete.teacherBanner}
    </p>
  );
}
