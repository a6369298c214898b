import { useId, useState, type InputHTMLAttributes } from 'react';
import { frLogin } from '../../i18n/fr-login';
import type { LoadLoginRuntime } from './login-loader';
import type { PasswordSignInError } from './auth-service';

const MESSAGES: Record<PasswordSignInError, string> = {
  'unknown-user': frLogin.unknownUser,
  inactive: frLogin.inactive,
  'empty-password': frLogin.emptyPassword,
  'wrong-password': frLogin.wrongPassword,
  'invitation-expired': frLogin.invitationExpired,
  'rate-limited': frLogin.rateLimited,
  'needs-network': frLogin.needsNetwork,
};

interface Props {
  loadRuntime: LoadLoginRuntime;
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (destination: string) => void;
  onForgotPassword: () => void;
  /** Issue 33: off on an enrolled classroom kiosk, a tablet many people share. */
  rememberByDefault?: boolean;
}

/** Label and input with the app's field style (ui/text-field.tsx draws the same with react-aria). */
function LoginField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

/**
 * The login screen's password form (spec part 1 point 2), in plain HTML elements: react-aria's fields,
 * checkbox and buttons would add 20 KB gzip to a new device's login form (budget 100 KB,
 * scripts/check-budgets.mjs). The data-* attributes are the ones base.css styles. It signs in through the
 * login runtime (local database, server), which loads after the form is drawn.
 */
export function LoginPasswordForm({
  loadRuntime,
  email,
  onEmailChange,
  onSignedIn,
  onForgotPassword,
  rememberByDefault = true,
}: Props) {
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(rememberByDefault);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isRememberFocusVisible, setIsRememberFocusVisible] = useState(false);
  const [isSubmitHovered, setIsSubmitHovered] = useState(false);
  const submit = async () => {
    setIsBusy(true);
    setError(null);
    const result = await (await loadRuntime()).signIn({ email, password, remember });
    setIsBusy(false);
    if (result.ok) onSignedIn(result.destination);
    else setError(MESSAGES[result.code]);
  };
  return (
    <form
      noValidate
      className="login-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!isBusy) void submit();
      }}
    >
      <LoginField
        label={frLogin.email}
        type="email"
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        autoComplete="username"
        autoFocus
      />
      <LoginField
        label={frLogin.password}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
      />
      <div className="login-options">
        <label
          className="checkbox"
          data-selected={remember || undefined}
          data-focus-visible={isRememberFocusVisible || undefined}
        >
          <input
            type="checkbox"
            className="visually-hidden"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            onFocus={(e) => setIsRememberFocusVisible(e.target.matches(':focus-visible'))}
            onBlur={() => setIsRememberFocusVisible(false)}
          />
          <span className="checkbox-box" aria-hidden="true" />
          {frLogin.rememberMe}
        </label>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          {frLogin.forgotPassword}
        </button>
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="button primary wide"
        disabled={isBusy}
        data-disabled={isBusy || undefined}
        data-hovered={(isSubmitHovered && !isBusy) || undefined}
        onPointerEnter={() => setIsSubmitHovered(true)}
        onPointerLeave={() => setIsSubmitHovered(false)}
      >
        {isBusy ? frLogin.checking : frLogin.submit}
      </button>
    </form>
  );
}
