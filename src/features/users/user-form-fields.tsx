import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { FORM_FIELD_CATALOGUE, type FormFieldDefinition } from '../../domain/form-fields';
import type { Institute, Level } from '../../domain/store/schema';
import type { UserFormValues } from '../../domain/users/user-form';
import { fr } from '../../i18n/fr';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

interface Props {
  formFieldKeys: readonly string[];
  values: UserFormValues;
  onChange: (values: UserFormValues) => void;
  institutes: readonly Institute[];
  levels: readonly Level[];
  errors: { name?: string | undefined; firstLast?: string | undefined; email?: string | undefined };
}

/** The fields a profile's users fill in (its formFieldKeys), in catalogue order. */
export function UserFormFields({ formFieldKeys, values, onChange, institutes, levels, errors }: Props) {
  const fields = FORM_FIELD_CATALOGUE.filter((f) => formFieldKeys.includes(f.key));
  const hasSplitName = formFieldKeys.includes('firstName') && formFieldKeys.includes('lastName');
  const setExtra = (key: string, value: string | string[]) =>
    onChange({ ...values, extra: { ...values.extra, [key]: value } });
  const render = (field: FormFieldDefinition) => {
    if (field.key === 'email') {
      return (
        <TextField
          key="email"
          label={field.label}
          type="email"
          value={values.email}
          onChange={(email) => onChange({ ...values, email })}
          errorMessage={errors.email}
          placeholder={field.placeholder}
        />
      );
    }
    const current = values.extra[field.key];
    if (field.type === 'multi-select') {
      const options = field.source === 'institutes' ? institutes : levels;
      return (
        <CheckboxGroup
          key={field.key}
          className="field"
          value={Array.isArray(current) ? current : []}
          onChange={(v) => setExtra(field.key, v)}
        >
          <Label>{field.label}</Label>
          <div className="check-list">
            {options.length === 0 ? <span className="empty">{fr.users.none}</span> : null}
            {options.map((o) => (
              <Checkbox key={o.id} value={o.id} className="checkbox">
                <span className="checkbox-box" aria-hidden="true" />
                {o.name}
              </Checkbox>
            ))}
          </div>
        </CheckboxGroup>
      );
    }
    if (field.type === 'select') {
      return (
        <SelectField
          key={field.key}
          label={field.label}
          value={typeof current === 'string' ? current : ''}
          onChange={(v) => setExtra(field.key, v)}
          placeholder={fr.users.select}
          options={field.options ?? []}
        />
      );
    }
    const isNamePart = hasSplitName && (field.key === 'firstName' || field.key === 'lastName');
    return (
      <TextField
        key={field.key}
        label={field.label}
        type={
          field.type === 'tel'
            ? 'tel'
            : field.type === 'number'
              ? 'number'
              : field.type === 'date'
                ? 'date'
                : 'text'
        }
        value={typeof current === 'string' ? current : ''}
        onChange={(v) => setExtra(field.key, v)}
        placeholder={field.placeholder}
        errorMessage={
          isNamePart && errors.firstLast && !(typeof current === 'string' && current.trim())
            ? errors.firstLast
            : null
        }
      />
    );
  };
  return (
    <>
      {hasSplitName ? null : (
        <TextField
          label={fr.users.name}
          value={values.name}
          onChange={(name) => onChange({ ...values, name })}
          errorMessage={errors.name}
          autoFocus
        />
      )}
      {fields.map(render)}
    </>
  );
}
