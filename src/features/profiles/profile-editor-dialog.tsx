import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { normaliseModuleIds, orderedModuleIds } from '../../domain/profiles/module-selection';
import type { Profile } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { ErrorBoundary } from '../../ui/error-boundary';
import { TextField } from '../../ui/text-field';
import { ModuleTree } from './module-tree';

interface Props {
  profile: Profile | null;
  onOpenChange: (isOpen: boolean) => void;
  onSave: (profile: { name: string; moduleIds: string[] }) => Promise<void>;
}

export function ProfileEditorDialog({ profile, onOpenChange, onSave }: Props) {
  const [name, setName] = useState(profile?.name ?? '');
  const [selected, setSelected] = useState<Set<string>>(normaliseModuleIds(profile?.moduleIds ?? []));
  const [isTouched, setIsTouched] = useState(false);
  const isValid = name.trim() !== '';
  return (
    <AppDialog
      isOpen
      onOpenChange={onOpenChange}
      title={profile ? fr.profiles.editTitle : fr.profiles.createTitle}
    >
      <ErrorBoundary message={fr.profiles.renderError}>
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            setIsTouched(true);
            if (isValid)
              void onSave({ name: name.trim(), moduleIds: orderedModuleIds(selected) }).then(() =>
                onOpenChange(false),
              );
          }}
        >
          <TextField
            label={fr.profiles.name}
            value={name}
            onChange={(v) => (setName(v), setIsTouched(true))}
            errorMessage={isTouched && !isValid ? fr.profiles.nameRequired : null}
            autoFocus
          />
          <fieldset>
            <legend>{fr.profiles.modules}</legend>
            <ModuleTree selected={selected} onChange={setSelected} />
          </fieldset>
          <div className="dialog-actions">
            <Button className="button secondary" slot="close">
              {fr.profiles.cancel}
            </Button>
            <Button type="submit" className="button primary" isDisabled={!isValid}>
              {fr.profiles.save}
            </Button>
          </div>
        </Form>
      </ErrorBoundary>
    </AppDialog>
  );
}
