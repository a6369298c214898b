import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  DialogTrigger,
  Input,
  Label,
  Popover,
  SearchField,
} from 'react-aria-components';
import { JOURNAL_KINDS, type JournalItemFilter, type JournalKind } from '../../domain/journal/journal-items';
import { userLogActionSchema, type UserLogAction } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { frJournalItems } from '../../i18n/fr-journal-items';
import { journalCodeLabel } from './journal-texts';

// Settings changes are a kind of their own ("Type d'action"), not an account action.
const ACTIONS = userLogActionSchema.options.filter((a) => a !== 'settings-change');

export function JournalFilters({
  filter,
  onChange,
}: {
  filter: JournalItemFilter;
  onChange: (filter: JournalItemFilter) => void;
}) {
  return (
    <div className="toolbar">
      <SearchField
        className="field grow"
        value={filter.query}
        onChange={(query) => onChange({ ...filter, query })}
      >
        <Label>{fr.journal.search}</Label>
        <Input />
      </SearchField>
      <div className="field">
        <label htmlFor="journal-from">{fr.journal.from}</label>
        <input
          id="journal-from"
          type="date"
          value={filter.from}
          onChange={(e) => onChange({ ...filter, from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="journal-to">{fr.journal.to}</label>
        <input
          id="journal-to"
          type="date"
          value={filter.to}
          onChange={(e) => onChange({ ...filter, to: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="journal-kind">{frJournalItems.kindFilter}</label>
        <select
          id="journal-kind"
          value={[...filter.kinds][0] ?? ''}
          onChange={(e) =>
            onChange({
              ...filter,
              kinds: new Set(e.target.value ? [e.target.value as JournalKind] : []),
            })
          }
        >
          <option value="">{frJournalItems.allKinds}</option>
          {JOURNAL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {frJournalItems.kinds[kind]}
            </option>
          ))}
        </select>
      </div>
      <DialogTrigger>
        <Button className="button secondary journal-actions-button">
          {fr.journal.actions}
          {filter.actions.size > 0 ? ` (${filter.actions.size})` : ''}
        </Button>
        <Popover className="popover" placement="bottom end">
          <Dialog className="notification-panel" aria-label={fr.journal.actions}>
            <CheckboxGroup
              className="field"
              aria-label={fr.journal.actions}
              value={[...filter.actions]}
              onChange={(values) => onChange({ ...filter, actions: new Set(values as UserLogAction[]) })}
            >
              <div className="check-list vertical">
                {ACTIONS.map((a) => (
                  <Checkbox key={a} value={a} className="checkbox">
                    <span className="checkbox-box" aria-hidden="true" />
                    {journalCodeLabel(a)}
                  </Checkbox>
                ))}
              </div>
            </CheckboxGroup>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
