import { browserFetch } from '../../api/http';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { appDb } from '../../db/database';
import { RESET_REDIRECT_DELAY_MS } from '../../domain/auth/password';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toast';
import {
  completePasswordReset,
  isResetTokenUsable,
  resetOrgId,
  type ResetTokenState,
} from './password-reset-service';
import { NewPasswordForm } from './new-password-form';
import './login.css';

const MESSAGES = {
  'too-short': fr.password.tooShort,
  mismatch: fr.password.mismatch,
  'invalid-link': fr.password.invalidLink,
  'rate-limited': fr.passwordReset.rateLimited,
  offline: fr.passwordReset.offline,
} as const;

/** /reset-password?token=…, shown instead of the shell (spec part 1 point 2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const linkOrg = params.get('org');
  const [state, setState] = useState<{ orgId: string; token: ResetTokenState } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const orgId = await resetOrgId(appDb(), linkOrg);
      const tokenState = await isResetTokenUsable(token, orgId, browserFetch);
      if (isCurrent) setState({ orgId, token: tokenState });
    })();
    return () => {
      isCurrent = false;
    };
  }, [token, linkOrg]);
  const [isDone, setIsDone] = useState(false);
  // Once a save was tried, the form's own message tells whether the server is still unreachable.
  const [hasTried, setHasTried] = useState(false);
  const submit = async (password: string, confirmation: string) => {
    if (!state) return null;
    setHasTried(true);
    const result = await completePasswordReset(token, password, confirmation, state.orgId, browserFetch);
    if (!result.ok) return MESSAGES[result.code];
    setIsDone(true);
    toast.show(fr.password.changed);
    setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return null;
  };
  return (
    <div className="login-page">
      <main className="login-card">
        <p className="brand">{fr.app.name}</p>
        <h1>{fr.reset.title}</h1>
        {state?.token === 'invalid' && !isDone ? (
          <>
            <p role="alert" className="form-error">
              {fr.password.invalidLink}
            </p>
            <Link to="/login">{fr.reset.backToLogin}</Link>
          </>
        ) : isDone ? (
          <p role="status" className="form-success">
            {fr.reset.done}
          </p>
        ) : (
          <>
            {state?.token === 'offline' && !hasTried ? (
              <p role="alert" className="form-error">
                {fr.passwordReset.offline}
              </p>
            ) : null}
            {/* Offline, the form stays usable: the server may answer by the time the person saves. */}
            <NewPasswordForm onSubmit={submit} isDisabled={state === null} />
          </>
        )}
      </main>
    </div>
  );
}
