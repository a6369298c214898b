import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import type { Institute, Level, Profile, User } from '../../domain/store/schema';
import {
  displayName,
  extraForProfile,
  formValuesOf,
  validateUserForm,
  type UserFormIssue,
  type UserFormValues,
} from '../../domain/users/user-form';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { useToast } from '../../ui/toast';
import { UserFormFields } from './user-form-fields';

type EditorIssue = UserFormIssue | 'duplicate-email';

const ISSUE_TEXT: Record<EditorIssue, string> = {
  'name-required': fr.users.nameRequired,
  'first-last-required': fr.users.firstLastRequired,
  'email-required': fr.users.emailRequired,
  'email-invalid': fr.users.emailInvalid,
  'duplicate-email': fr.securityUsers.refusals['duplicate-email'],
};

interface Props {
  /** null: the two-step creation wizard; a user: the edit form. */
  user: User | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  profiles: readonly Profile[];
  /** The profiles this session may give (domain/users/user-rights grantableProfiles). */
  grantable: readonly Profile[];
  /** The signed-in user's own account: the profile stays (nobody demotes or promotes themselves). */
  isSelf: boolean;
  /** Whether another account already uses this e-mail (case ignored). */
  isEmailTaken: (email: string) => boolean;
  institutes: readonly Institute[];
  levels: readonly Level[];
  onSave: (draft: {
    name: string;
    email: string;
    profileId: string;
    extra: Record<string, unknown>;
  }) => Promise<void>;
}

const EMPTY: UserFormValues = { name: '', email: '', extra: {} };

export function UserEditorDialog({
  user,
  isOpen,
  onOpenChange,
  profiles,
  grantable,
  isSelf,
  isEmailTaken,
  institutes,
  levels,
  onSave,
}: Props) {
  const [profileId, setProfileId] = useState<string | null>(user?.profileId ?? null);
  const [values, setValues] = useState<UserFormValues>(user ? formValuesOf(user) : EMPTY);
  const [isTouched, setIsTouched] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const profile = profiles.find((p) => p.id === profileId);
  const keys = profile?.formFieldKeys ?? [];
  const issues: EditorIssue[] = validateUserForm(keys, values);
  if (values.email.trim() !== '' && isEmailTaken(values.email)) issues.push('duplicate-email');
  // The current profile stays listed when editing, even if this session could not give it (own account).
  const offered = user && profile && !grantable.includes(profile) ? [profile, ...grantable] : grantable;
  const errors = isTouched
    ? {
        name: issues.includes('name-required') ? ISSUE_TEXT['name-required'] : undefined,
        firstLast: issues.includes('first-last-required') ? ISSUE_TEXT['first-last-required'] : undefined,
        email: issues.includes('email-required')
          ? ISSUE_TEXT['email-required']
          : issues.includes('email-invalid')
            ? ISSUE_TEXT['email-invalid']
            : issues.includes('duplicate-email')
              ? ISSUE_TEXT['duplicate-email']
              : undefined,
      }
    : {};
  const save = async () => {
    setIsTouched(true);
    // spec part 1 point 5: errors appear as one toast, joined by a dot separator.
    if (issues.length > 0 || !profile)
      return toast.show(issues.map((i) => ISSUE_TEXT[i]).join(' · '), 'error');
    setIsBusy(true);
    try {
      await onSave({
        name: displayName(keys, values),
        email: values.email.trim(),
        profileId: profile.id,
        extra: extraForProfile(keys, values, user?.extra ?? {}),
      });
      onOpenChange(false);
    } finally {
      setIsBusy(false);
    }
  };
  const isChoosing = !user && !profile;
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={user ? fr.users.editTitle : fr.users.wizardTitle}
    >
      {isChoosing ? (
        <section aria-label={fr.users.chooseProfile}>
          <h3>{fr.users.chooseProfile}</h3>
          <div className="choice-list">
            {grantable.map((p) => (
              <Button key={p.id} className="choice" onPress={() => setProfileId(p.id)}>
                <strong>{p.name}</strong>
              </Button>
            ))}
          </div>
          <div className="dialog-actions">
            <Button className="button secondary" slot="close">
              {fr.users.cancel}
            </Button>
          </div>
        </section>
      ) : (
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {user ? (
            <div className="select-field">
              <label htmlFor="user-profile">{fr.users.profile}</label>
              <select
                id="user-profile"
                value={profileId ?? ''}
                disabled={isSelf}
                aria-describedby={isSelf ? 'user-profile-hint' : undefined}
                onChange={(e) => setProfileId(e.target.value)}
              >
                {offered.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
              {isSelf ? (
                <p id="user-profile-hint" className="hint">
                  {fr.securityUsers.refusals.self}
                </p>
              ) : null}
            </div>
          ) : (
            <h3>
              {fr.users.fillForm} · {profile?.name}
            </h3>
          )}
          <UserFormFields
            formFieldKeys={keys}
            values={values}
            onChange={(v) => (setValues(v), setIsTouched(true))}
            institutes={institutes}
            levels={levels}
            errors={errors}
          />
          {user ? null : <p className="hint">{fr.users.initialPasswordNote}</p>}
          {isTouched && issues.length > 0 ? (
            <p role="alert" className="form-error">
              {issues.map((i) => ISSUE_TEXT[i]).join(' · ')}
            </p>
          ) : null}
          <div className="dialog-actions">
            {user ? (
              <Button className="button secondary" slot="close">
                {fr.users.cancel}
              </Button>
            ) : (
              <Button className="button secondary" onPress={() => setProfileId(null)}>
                {fr.users.back}
              </Button>
            )}
            <Button type="submit" className="button primary" isDisabled={issues.length > 0 || isBusy}>
              {fr.users.save}
            </Button>
          </div>
        </Form>
      )}
    </AppDialog>
  );
}
