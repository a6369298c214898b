import { useState } from 'react';
import { Button, Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { FORM_FIELD_CATALOGUE } from '../../domain/form-fields';
import type { Profile } from '../../domain/store/schema';
import { lacksSignInEmail } from '../../domain/users/user-form';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { FormWarning } from '../../ui/form-warning';

interface Props {
  profile: Profile;
  onOpenChange: (isOpen: boolean) => void;
  onSave: (formFieldKeys: string[]) => Promise<void>;
}

/** Form data configuration: which catalogue fields the profile's users fill in (spec part 1 point 2). */
export function FormFieldsDialog({ profile, onOpenChange, onSave }: Props) {
  const [keys, setKeys] = useState<string[]>(profile.formFieldKeys);
  return (
    <AppDialog
      isOpen
      onOpenChange={onOpenChange}
      title={fr.profiles.formDataTitle(profile.name)}
      size="small"
    >
      <CheckboxGroup className="field" value={keys} onChange={setKeys}>
        <Label>{fr.profiles.formDataHint}</Label>
        <div className="check-list vertical">
          {FORM_FIELD_CATALOGUE.map((f) => (
            <Checkbox key={f.key} value={f.key} className="checkbox">
              <span className="checkbox-box" aria-hidden="true" />
              {f.label}
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      {lacksSignInEmail(keys) ? <FormWarning>{fr.securityUsers.profileForm.noEmailField}</FormWarning> : null}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {fr.profiles.cancel}
        </Button>
        <Button
          className="button primary"
          onPress={() => {
            // Catalogue order, whatever the order of the clicks.
            const ordered = FORM_FIELD_CATALOGUE.map((f) => f.key).filter((k) => keys.includes(k));
            void onSave(ordered).then(() => onOpenChange(false));
          }}
        >
          {fr.profiles.save}
        </Button>
      </div>
    </AppDialog>
  );
}
