import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { fr } from '../../i18n/fr';
import { TextField } from '../../ui/text-field';

interface Props {
  /** Returns the French error to show, or null when the password was saved. */
  onSubmit: (password: string, confirmation: string) => Promise<string | null>;
  isDisabled?: boolean;
  autoFocus?: boolean;
}

/** New password + confirmation + "Enregistrer", shared by the first-login and reset screens (spec part 1). */
export function NewPasswordForm({ onSubmit, isDisabled = false, autoFocus = false }: Props) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    if (isBusy) return;
    // The previous error goes while the new attempt runs: it may no longer be true.
    setError(null);
    setIsBusy(true);
    try {
      setError(await onSubmit(password, confirmation));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Form
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={fr.firstLogin.newPassword}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <TextField
        label={fr.firstLogin.confirmation}
        type="password"
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
      />
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        className="button primary wide"
        isDisabled={isBusy || isDisabled}
        aria-busy={isBusy || undefined}
      >
        {isBusy ? fr.details.password.saving : fr.password.save}
      </Button>
    </Form>
  );
}
