import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { id: string; name: string }[];
  /** First option with the empty value, e.g. 'Tous les enseignants'. */
  allLabel?: string;
}

/** A labelled native select: keyboard and screen-reader friendly on every device. */
export function SelectField({ label, value, onChange, options, allLabel }: Props) {
  const id = useId();
  return (
    <div className="select-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
