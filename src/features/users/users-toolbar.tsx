import { Button, Input, Label, SearchField } from 'react-aria-components';
import { fr } from '../../i18n/fr';
import { PinSheetButton } from './pin-sheet-button';
import type { UsersPageModel } from './use-users-page';

/** Search, filters, add, the count line and the bulk actions of the current selection. */
export function UsersToolbar({ model }: { model: UsersPageModel }) {
  const { filter, setFilter, setDialog, shown, data, selection, openBulk } = model;
  return (
    <>
      <div className="toolbar">
        <SearchField
          className="field grow"
          value={filter.query}
          onChange={(query) => setFilter({ ...filter, query })}
        >
          <Label className="visually-hidden">{fr.users.search}</Label>
          <Input placeholder={fr.users.search} />
        </SearchField>
        <Button className="button secondary" onPress={() => setDialog({ kind: 'filter' })}>
          {fr.users.filters}
          {filter.status !== 'all' || filter.profileId !== 'all' ? ' •' : ''}
        </Button>
        <PinSheetButton model={model} />
        <Button className="button primary" onPress={() => setDialog({ kind: 'create' })}>
          {fr.users.add}
        </Button>
      </div>
      <div className="toolbar">
        <p className="count-line" role="status">
          {fr.users.count(shown.length, data.users.length)}
          {selection.length > 0 ? ` · ${fr.users.selected(selection.length)}` : ''}
        </p>
        {selection.length > 0 ? (
          <>
            <Button className="button small" onPress={() => openBulk('activate')}>
              {fr.users.bulkActivate}
            </Button>
            <Button className="button small" onPress={() => openBulk('deactivate')}>
              {fr.users.bulkDeactivate}
            </Button>
            <Button className="button small" onPress={() => openBulk('archive')}>
              {fr.users.bulkArchive}
            </Button>
          </>
        ) : null}
      </div>
    </>
  );
}
