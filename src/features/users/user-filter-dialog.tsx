import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Profile } from '../../domain/store/schema';
import { NO_USER_FILTER, type UserFilter } from '../../domain/users/user-filters';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { SelectField } from '../../ui/select-field';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  filter: UserFilter;
  profiles: readonly Profile[];
  onApply: (filter: UserFilter) => void;
}

const STATUS_VALUES = ['all', 'Active', 'Inactive', 'Archived'] as const;

function isStatus(value: string): value is UserFilter['status'] {
  return (STATUS_VALUES as readonly string[]).includes(value);
}

export function UserFilterDialog({ isOpen, onOpenChange, filter, profiles, onApply }: Props) {
  const [draft, setDraft] = useState(filter);
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={fr.users.filterTitle} size="small">
      <SelectField
        label={fr.users.status}
        value={draft.status}
        onChange={(status) => (isStatus(status) ? setDraft({ ...draft, status }) : undefined)}
        options={STATUS_VALUES.map((value) => ({
          value,
          label: value === 'all' ? fr.users.all : fr.users.statusLabels[value],
        }))}
      />
      <SelectField
        label={fr.users.profile}
        value={draft.profileId}
        onChange={(profileId) => setDraft({ ...draft, profileId })}
        options={[
          { value: 'all', label: fr.users.allProfiles },
          ...profiles.map((p) => ({ value: p.id, label: p.name })),
        ]}
      />
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
