import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Profile } from '../../domain/store/schema';
import { NO_USER_FILTER, type UserFilter } from '../../domain/users/user-filters';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  filter: UserFilter;
  profiles: readonly Profile[];
  onApply: (filter: UserFilter) => void;
}

export function UserFilterDialog({ isOpen, onOpenChange, filter, profiles, onApply }: Props) {
  const [draft, setDraft] = useState(filter);
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={fr.users.filterTitle} size="small">
      <div className="select-field">
        <label htmlFor="filter-status">{fr.users.status}</label>
        <select
          id="filter-status"
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as UserFilter['status'] })}
        >
          <option value="all">{fr.users.all}</option>
          <option value="Active">{fr.users.statusLabels.Active}</option>
          <option value="Inactive">{fr.users.statusLabels.Inactive}</option>
          <option value="Archived">{fr.users.statusLabels.Archived}</option>
        </select>
      </div>
      <div className="select-field">
        <label htmlFor="filter-profile">{fr.users.profile}</label>
        <select
          id="filter-profile"
          value={draft.profileId}
          onChange={(e) => setDraft({ ...draft, profileId: e.target.value })}
        >
          <option value="all">{fr.users.allProfiles}</option>
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className="dialog-actions">
        <Button
          className="button secondary"
          onPress={() => (onApply({ ...NO_USER_FILTER, query: filter.query }), onOpenChange(false))}
        >
          {fr.users.reset}
        </Button>
        <Button
          className="button primary"
          onPress={() => (onApply({ ...draft, query: filter.query }), onOpenChange(false))}
        >
          {fr.users.apply}
        </Button>
      </div>
    </AppDialog>
  );
}
