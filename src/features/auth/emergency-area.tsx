import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { TextField } from '../../ui/text-field';
import { promoteEmergencyAdmin } from './emergency-service';
import type { LoadLoginRuntime } from './login-loader';

export function EmergencyArea({
  onPromoted,
  loadRuntime,
}: {
  onPromoted: (email: string) => void;
  loadRuntime: LoadLoginRuntime;
}) {
  const [email, setEmail] = useState('');
  const [setupCode, setSetupCode] = useState('');
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    setIsBusy(true);
    await (await loadRuntime()).whenStarted();
    const result = await promoteEmergencyAdmin(appDb(), { email, setupCode });
    setIsBusy(false);
    if (result.ok) {
      setMessage({ text: fr.login.emergencyDone(email.trim()), isError: false });
      onPromoted(email.trim());
    } else {
      setMessage({
        text:
          result.code === 'refused'
            ? fr.login.emergencyRefused
            : result.code === 'invalid-email'
              ? fr.password.invalidEmail
              : result.code === 'setup-code'
                ? fr.passwordReset.setupCodeWrong
                : result.code === 'rate-limited'
                  ? fr.login.rateLimited
                  : fr.login.serverUnreachable,
        isError: true,
      });
    }
  };
  return (
    <section className="emergency" aria-labelledby="emergency-title">
      <h2 id="emergency-title">{fr.login.emergencyTitle}</h2>
      <p className="hint">{fr.login.emergencyHint}</p>
      <Form
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label={fr.login.email} type="email" value={email} onChange={setEmail} />
        <TextField
          label={fr.passwordReset.setupCodeLabel}
          value={setupCode}
          onChange={setSetupCode}
          autoComplete="off"
        />
        <Button type="submit" className="button secondary wide" isDisabled={isBusy}>
          {fr.login.emergencySubmit}
        </Button>
      </Form>
      {message ? (
        <p
          role={message.isError ? 'alert' : 'status'}
          className={message.isError ? 'form-error' : 'form-success'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
