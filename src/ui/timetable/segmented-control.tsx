/**
 * SegmentedControl: a single-choice row of toggle buttons (react-aria ToggleButtonGroup), used as the
 * view switcher of the timetable renderings (spec part 2 point 2) and for other small choices (colouring,
 * period kind). One option is always selected.
 *
 * Props: label (accessible name), options [{ id, label }], value, onChange.
 */
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';

export interface SegmentOption<T extends string> {
  id: T;
  label: string;
  isDisabled?: boolean;
}

interface Props<T extends string> {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

export function SegmentedControl<T extends string>({ label, options, value, onChange }: Props<T>) {
  const select = (keys: Set<Key>) => {
    const [first] = [...keys];
    const option = options.find((o) => o.id === first);
    if (option) onChange(option.id);
  };
  return (
    <ToggleButtonGroup
      aria-label={label}
      className="segmented tt-segmented"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={select}
    >
      {options.map((o) => (
        <ToggleButton key={o.id} id={o.id} className="segment" isDisabled={o.isDisabled}>
          {o.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
