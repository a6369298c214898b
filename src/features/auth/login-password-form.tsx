import { useState } from 'react';
import { Button, Checkbox, Form } from 'react-aria-components';
import { frLogin } from '../../i18n/fr-login';
import { TextField } from '../../ui/text-field';
import type { LoadLoginRuntime } from './login-loader';
import type { PasswordSignInError } from './auth-service';

const MESSAGES: Record<PasswordSignInError, string> = {
  'unknown-user': frLogin.unknownUser,
  inactive: frLogin.inactive,
  'empty-password': frLogin.emptyPassword,
  'wrong-password': frLogin.wrongPassword,
  'rate-limited': frLogin.rateLimited,
  'needs-network': frLogin.needsNetwork,
};

interface Props {
  loadRuntime: LoadLoginRuntime;
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (destination: string) => void;
  onForgotPassword: () => void;
}

/**
 * The login screen's password form (spec part 1 point 2). It draws with the login screen's own texts and
 * signs in through the login runtime (local database, server), which loads after the form is drawn.
 */
export function LoginPasswordForm({
  loadRuntime,
  email,
  onEmailChange,
  onSignedIn,
  onForgotPassword,
}: Props) {
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    setIsBusy(true);
    setError(null);
    const result = await (await loadRuntime()).signIn({ email, password, remember });
    setIsBusy(false);
    if (result.ok) onSignedIn(result.destination);
    else setError(MESSAGES[result.code]);
  };
  return (
    <Form
      validationBehavior="aria"
      className="login-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={frLogin.email}
        type="email"
        value={email}
        onChange={onEmailChange}
        autoComplete="username"
        autoFocus
      />
      <TextField
        label={frLogin.password}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <div className="login-options">
        <Checkbox isSelected={remember} onChange={setRemember} className="checkbox">
          <span className="checkbox-box" aria-hidden="true" />
          {frLogin.rememberMe}
        </Checkbox>
        <Button className="link-button" onPress={onForgotPassword}>
          {frLogin.forgotPassword}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="button primary wide" isDisabled={isBusy}>
        {isBusy ? frLogin.checking : frLogin.submit}
      </Button>
    </Form>
  );
}
