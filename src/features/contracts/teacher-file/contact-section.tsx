import { isEmailToComplete } from '../../../domain/users/email-to-complete';
import { fr } from '../../../i18n/fr';
import { frEmailToComplete } from '../../../i18n/fr-import-levels';
import { FileTextField } from './file-text-field';
import type { SectionProps } from './form-types';

/** Phone (dial code from the time zone), the account's e-mail (read-only) and the emergency contact. */
export function ContactSection(props: SectionProps) {
  const t = fr.contracts.file;
  return (
    <>
      <fieldset className="contracts-section">
        <legend>{t.contact}</legend>
        <div className="contracts-phone">
          <FileTextField {...props} name="phoneDialCode" label={t.dialCode} inputMode="tel" />
          <FileTextField
            {...props}
            name="phoneRest"
            label={t.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
          />
        </div>
        <FileTextField {...props} name="email" label={t.email} type="email" isFixed />
        <p className="hint">
          {isEmailToComplete(props.fields.email) ? frEmailToComplete.contractHint : t.emailHint}
        </p>
      </fieldset>
      <fieldset className="contracts-section">
        <legend>{t.emergency}</legend>
        <FileTextField {...props} name="emergencyName" label={t.emergencyName} />
        <div className="contracts-phone">
          <FileTextField
            {...props}
            name="emergencyPhoneDialCode"
            label={t.emergencyDialCode}
            inputMode="tel"
          />
          <FileTextField
            {...props}
            name="emergencyPhoneRest"
            label={t.emergencyPhone}
            type="tel"
            inputMode="tel"
          />
        </div>
        <FileTextField
          {...props}
          name="emergencyEmail"
          label={t.emergencyEmail}
          type="email"
          inputMode="email"
        />
      </fieldset>
    </>
  );
}
