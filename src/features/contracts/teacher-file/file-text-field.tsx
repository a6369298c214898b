import { TextField } from '../../../ui/text-field';
import type { SectionProps, TextFieldName } from './form-types';

interface Props extends SectionProps {
  name: TextFieldName;
  label: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'text' | 'tel';
  autoComplete?: string;
  isRequired?: boolean;
  isFixed?: boolean;
  description?: string;
}

/** A text field of the contract form bound to one submission field, with its French message. */
export function FileTextField(props: Props) {
  const {
    name,
    fields,
    set,
    messages,
    isReadOnly,
    label,
    type,
    inputMode,
    autoComplete,
    isRequired,
    isFixed,
  } = props;
  const value = fields[name];
  return (
    <TextField
      name={name}
      label={label}
      type={type ?? 'text'}
      inputMode={inputMode}
      autoComplete={autoComplete}
      value={typeof value === 'string' ? value : ''}
      onChange={(text) => set({ [name]: text })}
      isReadOnly={isReadOnly || isFixed}
      isRequired={isRequired}
      errorMessage={messages[name] ?? null}
    />
  );
}
