import { fr } from '../../../i18n/fr';
import { ChoiceGroup } from './choice-group';
import { FileTextField } from './file-text-field';
import type { SectionProps } from './form-types';

/** Civility, names, birth date, address and identity document. */
export function IdentitySection(props: SectionProps) {
  const t = fr.contracts.file;
  const { fields, set, messages, isReadOnly } = props;
  return (
    <fieldset className="contracts-section">
      <legend>{t.identity}</legend>
      <ChoiceGroup
        name="civility"
        label={t.civility}
        value={fields.civility}
        options={[
          { value: 'M.', label: t.civilityM },
          { value: 'Mme.', label: t.civilityMme },
        ]}
        onChange={(civility) => set({ civility })}
        isReadOnly={isReadOnly}
        errorMessage={messages.civility}
      />
      <div className="contracts-grid">
        <FileTextField {...props} name="firstName" label={t.firstName} autoComplete="given-name" />
        <FileTextField {...props} name="lastName" label={t.lastName} autoComplete="family-name" />
        <div className="field" data-invalid={messages.birthDate ? true : undefined}>
          <label htmlFor="file-birth-date">{t.birthDate}</label>
          <input
            id="file-birth-date"
            name="birthDate"
            type="date"
            value={fields.birthDate ?? ''}
            readOnly={isReadOnly}
            aria-invalid={messages.birthDate ? true : undefined}
            aria-describedby={messages.birthDate ? 'file-birth-date-error' : undefined}
            onChange={(e) => set({ birthDate: e.target.value })}
          />
          {messages.birthDate ? (
            <span className="field-error" id="file-birth-date-error">
              {messages.birthDate}
            </span>
          ) : null}
        </div>
        <FileTextField {...props} name="address" label={t.address} autoComplete="street-address" />
      </div>
      <ChoiceGroup
        name="idType"
        label={t.idType}
        value={fields.idType}
        options={[
          { value: 'CNI', label: t.idTypeCni },
          { value: 'Passeport', label: t.idTypePassport },
        ]}
        onChange={(idType) => set({ idType })}
        isReadOnly={isReadOnly}
        errorMessage={messages.idType}
      />
      <FileTextField {...props} name="idNumber" label={t.idNumber} />
    </fieldset>
  );
}
