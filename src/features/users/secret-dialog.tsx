import { useState } from 'react';
import { Button } from 'react-aria-components';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { SecretReveal } from '../../ui/secret-reveal';
import { useToast } from '../../ui/toast';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  confirmText: string;
  revealText: string;
  copiedText: string;
  generatedText?: string;
  /** Label of the confirming button (default: Générer). */
  generateLabel?: string;
  /** Asks the server (credentials are made there only); a failure is said in French in the dialog. */
  generate: () => Promise<SecretResult>;
}

export type SecretResult = { ok: true; value: string } | { ok: false; message: string };

/** Asks first, then generates a secret (temporary password or PIN) and shows it once with a copy button. */
export function SecretDialog({
  isOpen,
  onOpenChange,
  title,
  confirmText,
  revealText,
  copiedText,
  generatedText,
  generateLabel,
  generate,
}: Props) {
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const result = await generate();
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setSecret(result.value);
      if (generatedText) toast.show(generatedText);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} size="small">
      {secret ? (
        <>
          <p>{revealText}</p>
          <SecretReveal
            value={secret}
            label={title}
            copyLabel={fr.users.copy}
            onCopied={() => toast.show(copiedText)}
          />
          <div className="dialog-actions">
            <Button className="button primary" slot="close">
              {fr.users.close}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{confirmText}</p>
          {error ? (
            <p role="alert" className="form-error">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <Button className="button secondary" slot="close">
              {fr.users.cancel}
            </Button>
            <Button className="button primary" onPress={() => void run()} isDisabled={isBusy}>
              {generateLabel ?? fr.users.generate}
            </Button>
          </div>
        </>
      )}
    </AppDialog>
  );
}
