import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';

interface Props<V extends string> {
  /** The submission field: the error summary finds the group by it. */
  name: string;
  label: string;
  value: V | null | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  isReadOnly: boolean;
  errorMessage?: string | undefined;
}

/** Civility and identity-document type: a small radio group (react-aria), keyboard operable. */
export function ChoiceGroup<V extends string>(props: Props<V>) {
  const { name, label, value, options, onChange, isReadOnly, errorMessage } = props;
  return (
    <RadioGroup
      className="field contracts-choice"
      name={name}
      orientation="horizontal"
      value={value ?? null}
      onChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onChange(option.value);
      }}
      isReadOnly={isReadOnly}
      isInvalid={Boolean(errorMessage)}
    >
      <Label>{label}</Label>
      <div className="contracts-radios">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} className="checkbox contracts-radio">
            <span className="checkbox-box" aria-hidden="true" />
            {o.label}
          </Radio>
        ))}
      </div>
      {errorMessage ? <FieldError className="field-error">{errorMessage}</FieldError> : null}
    </RadioGroup>
  );
}
