import { fr } from '../../../i18n/fr';
import { FileTextField } from './file-text-field';
import type { SectionProps } from './form-types';

/** Bank name, then either the full number (IBAN or RIB in one piece) or the four RIB parts. */
export function BankSection(props: SectionProps) {
  const t = fr.contracts.file;
  return (
    <fieldset className="contracts-section">
      <legend>{t.bank}</legend>
      <p className="hint">{t.bankHint}</p>
      <FileTextField {...props} name="bankName" label={t.bankName} />
      <FileTextField {...props} name="bankFullNumber" label={t.bankFullNumber} />
      <div className="contracts-rib">
        <FileTextField {...props} name="bankCode" label={t.bankCode} />
        <FileTextField {...props} name="branchCode" label={t.branchCode} inputMode="numeric" />
        <FileTextField {...props} name="accountNumber" label={t.accountNumber} />
        <FileTextField {...props} name="ribKey" label={t.ribKey} inputMode="numeric" />
      </div>
    </fieldset>
  );
}
