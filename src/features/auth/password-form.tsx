import { useState } from 'react';
import { Button, Checkbox, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { TextField } from '../../ui/text-field';
import { signInWithPassword, type PasswordSignInError } from './auth-service';

const MESSAGES: Record<PasswordSignInError, string> = {
  'unknown-user': fr.login.unknownUser,
  inactive: fr.login.inactive,
  'empty-password': fr.login.emptyPassword,
  'wrong-password': fr.login.wrongPassword,
  'invitation-expired': fr.login.invitationExpired,
  'rate-limited': fr.login.rateLimited,
  'needs-network': fr.login.needsNetwork,
};

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (destination: string) => void;
  onForgotPassword: () => void;
}

export function PasswordForm({ email, onEmailChange, onSignedIn, onForgotPassword }: Props) {
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    setIsBusy(true);
    setError(null);
    const result = await signInWithPassword(appDb(), { email, password, remember });
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
        label={fr.login.email}
        type="email"
        value={email}
        onChange={onEmailChange}
        autoComplete="username"
        autoFocus
      />
      <TextField
        label={fr.login.password}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <div className="login-options">
        <Checkbox isSelected={remember} onChange={setRemember} className="checkbox">
          <span className="checkbox-box" aria-hidden="true" />
          {fr.login.rememberMe}
        </Checkbox>
        <Button className="link-button" onPress={onForgotPassword}>
          {fr.login.forgotPassword}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="button primary wide" isDisabled={isBusy}>
        {isBusy ? fr.login.checking : fr.login.submit}
      </Button>
    </Form>
  );
}
