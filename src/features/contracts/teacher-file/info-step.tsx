import { Button, Checkbox } from 'react-aria-components';
import { fr } from '../../../i18n/fr';
import { BankSection } from './bank-section';
import { ContactSection } from './contact-section';
import type { SectionProps } from './form-types';
import { IdentitySection } from './identity-section';

interface Props extends SectionProps {
  isBusy: boolean;
  onNext: () => void;
  onSubmit: () => void;
}

/** Step "1. Informations": every field of the file, the attestation, "Suivant" and "Soumettre". */
export function InfoStep({ isBusy, onNext, onSubmit, ...props }: Props) {
  const t = fr.contracts.file;
  const { fields, set, messages, isReadOnly } = props;
  return (
    <form
      className="contracts-file-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <IdentitySection {...props} />
      <ContactSection {...props} />
      <BankSection {...props} />
      <Checkbox
        className="checkbox contracts-attest"
        name="attestsTruth"
        isSelected={fields.attestsTruth === true}
        onChange={(attestsTruth) => set({ attestsTruth })}
        isReadOnly={isReadOnly}
        isInvalid={Boolean(messages.attestsTruth)}
        aria-describedby={messages.attestsTruth ? 'file-attest-error' : undefined}
      >
        <span className="checkbox-box" aria-hidden="true" />
        {t.attests}
      </Checkbox>
      {messages.attestsTruth ? (
        <p className="field-error" id="file-attest-error">
          {messages.attestsTruth}
        </p>
      ) : null}
      {isReadOnly ? null : (
        <div className="dialog-actions">
          <Button className="button secondary" type="submit" isDisabled={isBusy}>
            {t.next}
          </Button>
          <Button className="button primary" onPress={onSubmit} isDisabled={isBusy}>
            {t.submit}
          </Button>
        </div>
      )}
    </form>
  );
}
