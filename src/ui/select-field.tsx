import { useId } from 'react';
import './select-field.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first option with the empty value ('Choisir…', 'Tous les profils'...). */
  placeholder?: string;
  /** The empty first option can be chosen (a filter's "all"); otherwise it only shows that nothing is. */
  isPlaceholderSelectable?: boolean;
  errorMessage?: string | null | undefined;
  hint?: string | null | undefined;
  isDisabled?: boolean;
}

/**
 * A labelled native select (keyboard and screen-reader friendly on every device), with the same error and hint
 * lines as TextField: the label and border turn red while an error is shown.
 */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  isPlaceholderSelectable = true,
  errorMessage,
  hint,
  isDisabled = false,
}: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errorMessage ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="select-field" data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={isDisabled}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={!isPlaceholderSelectable}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorMessage ? (
        <p id={errorId} className="field-error">
          {errorMessage}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
