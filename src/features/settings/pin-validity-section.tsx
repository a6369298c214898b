import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import { parsePinValidityDays } from '../../domain/settings/validation';
import { fr } from '../../i18n/fr';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { readPinValidityDays, savePinValidityDays } from '../../services/settings/settings-service';

/** Spec part 1 point 5: PIN validity days, 1 to 365, default 90 (settings record `org`). */
export function PinValiditySection() {
  const stored = useLiveQuery(() => readPinValidityDays(appDb()), []);
  // null: the field shows the stored value until the person types.
  const [text, setText] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const t = fr.settings;
  const value = text ?? (stored === undefined ? '' : String(stored));
  const parsed = parsePinValidityDays(value);
  const isUnchanged = parsed.ok && parsed.value === stored;
  const save = async () => {
    if (!parsed.ok) return;
    setIsBusy(true);
    try {
      await savePinValidityDays(appDb(), parsed.value);
      setText(null);
      toast.show(t.data.pinSaved);
    } catch {
      toast.show(t.common.saveFailed, 'error');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section className="settings-card" aria-labelledby="settings-pin-title">
      <h2 id="settings-pin-title">{t.data.pinTitle}</h2>
      <p className="hint">{t.data.pinHint}</p>
      <Form
        className="settings-inline-form"
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t.data.pinLabel}
          value={value}
          onChange={setText}
          inputMode="numeric"
          maxLength={3}
          isDisabled={stored === undefined}
          errorMessage={parsed.ok || stored === undefined ? null : t.validation.pinValidityRange}
        />
        <Button className="button primary" type="submit" isDisabled={isBusy || !parsed.ok || isUnchanged}>
          {t.common.save}
        </Button>
      </Form>
    </section>
  );
}
