import { useNavigate } from 'react-router-dom';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { completeFirstLogin } from '../../services/auth/password-change';
import { NewPasswordForm } from './new-password-form';
import './login.css';

const MESSAGES = {
  'too-short': fr.password.tooShort,
  mismatch: fr.password.mismatch,
  'not-logged-in': fr.app.notLoggedIn,
  'same-as-initial': fr.firstLogin.sameAsInitial,
  offline: fr.login.serverUnreachable,
  'rate-limited': fr.login.rateLimited,
  'session-needed': fr.login.sessionNeeded,
} as const;

/** Forced password change after a first login or a temporary password (spec part 1 point 4). */
export function FirstLoginPage() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const submit = async (password: string, confirmation: string) => {
    if (!session) return MESSAGES['not-logged-in'];
    const result = await completeFirstLogin(appDb(), session.user.id, password, confirmation);
    if (!result.ok) return MESSAGES[result.code];
    void navigate(result.destination, { replace: true });
    return null;
  };
  return (
    <div className="login-page">
      <main className="login-card">
        <p className="brand">{fr.app.name}</p>
        <h1>{fr.firstLogin.title}</h1>
        <p className="hint">{fr.firstLogin.hint}</p>
        <NewPasswordForm onSubmit={submit} autoFocus />
      </main>
    </div>
  );
}
