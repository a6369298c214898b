import type { Key } from 'react-aria-components';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { fr } from '../../i18n/fr';

export interface Choice {
  id: string;
  label: string;
}

interface Props {
  label: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (id: string | null) => void;
  errorMessage?: string | null;
}

/** Level or institute picker (react-aria Select + ListBox): label and border red while invalid. */
export function ReferenceSelect({ label, choices, value, onChange, errorMessage }: Props) {
  const known = value !== null && choices.some((c) => c.id === value);
  return (
    <Select
      className="field settings-select"
      value={known ? value : null}
      onChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      isInvalid={Boolean(errorMessage)}
      placeholder={fr.settings.common.choose}
    >
      <Label>{label}</Label>
      <Button className="settings-select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      {errorMessage ? <FieldError className="field-error">{errorMessage}</FieldError> : null}
      <Popover className="popover settings-select-popover">
        <ListBox className="menu" items={choices} renderEmptyState={() => fr.settings.common.noChoice}>
          {(choice) => (
            <ListBoxItem id={choice.id} className="menu-item" textValue={choice.label}>
              {choice.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
