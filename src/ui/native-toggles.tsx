import type { ReactNode } from 'react';

/**
 * A checkbox and a switch drawn with the browser's own input, for long lists: same look and semantics as
 * react-aria's Checkbox and Switch (label.checkbox / label.switch with data-selected and data-disabled; the
 * focus ring comes from :focus-visible in CSS), at a fraction of their render cost per row.
 */
interface ToggleProps {
  /** The accessible name, when the visible text does not give one. */
  'aria-label'?: string;
  isSelected: boolean;
  isDisabled?: boolean;
  onChange: (isSelected: boolean) => void;
  className: string;
  children?: ReactNode;
}

function NativeToggle({
  isSelected,
  isDisabled = false,
  onChange,
  className,
  children,
  role,
  ...aria
}: ToggleProps & { role?: 'switch' }) {
  return (
    <label
      className={className}
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
    >
      <input
        type="checkbox"
        role={role}
        className="visually-hidden"
        aria-label={aria['aria-label']}
        checked={isSelected}
        disabled={isDisabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

export function CheckboxInput(props: ToggleProps) {
  return <NativeToggle {...props} />;
}

export function SwitchInput(props: ToggleProps) {
  return <NativeToggle {...props} role="switch" />;
}
