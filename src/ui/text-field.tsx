import {
  FieldError,
  Input,
  Label,
  TextField as AriaTextField,
  type TextFieldProps,
} from 'react-aria-components';

interface Props extends Omit<TextFieldProps, 'children'> {
  label: string;
  errorMessage?: string | null;
  placeholder?: string;
  inputMode?: 'numeric' | 'email' | 'text' | 'tel';
  maxLength?: number;
}

/** Label, input and error; the label and border turn red while the field is invalid. */
export function TextField({ label, errorMessage, placeholder, inputMode, maxLength, ...props }: Props) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className="field">
      <Label>{label}</Label>
      <Input placeholder={placeholder} inputMode={inputMode} maxLength={maxLength} />
      {errorMessage ? <FieldError className="field-error">{errorMessage}</FieldError> : null}
    </AriaTextField>
  );
}
