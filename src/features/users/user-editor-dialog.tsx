import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { Institute, Level, Profile, User } from '../../domain/store/schema';
import {
  displayName,
  extraForProfile,
  formValuesOf,
  lacksSignInEmail,
  userEditorIssues,
  type UserEditorIssue,
  type UserFormValues,
} from '../../domain/users/user-form';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { FormWarning } from '../../ui/form-warning';
import { SelectField } from '../../ui/select-field';
import { useToast } from '../../ui/toast';
import { UserFormFields } from './user-form-fields';
import './users.css';

const ISSUE_TEXT: Record<UserEditorIssue, string> = {
  'profile-missing': fr.securityUsers.userForm.profileMissing,
  'name-required': fr.users.nameRequired,
  'first-last-required': fr.users.firstLastRequired,
  'email-required': fr.users.emailRequired,
  'email-invalid': fr.users.emailInvalid,
  'duplicate-email': fr.securityUsers.refusals['duplicate-email'],
};

/** The joined toast waits for a pause in typing, so one word typed gives one toast, not one per letter. */
const ISSUES_TOAST_DELAY_MS = 700;

export interface UserDraft {
  name: string;
  email: string;
  profileId: string;
  extra: Record<string, unknown>;
}

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
  onSave: (draft: UserDraft) => Promise<void>;
}

const EMPTY: UserFormValues = { name: '', email: '', extra: {} };

function emailError(issues: readonly UserEditorIssue[]): string | undefined {
  const issue = (['email-required', 'email-invalid', 'duplicate-email'] as const).find((i) =>
    issues.includes(i),
  );
  return issue ? ISSUE_TEXT[issue] : undefined;
}

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
  const issues = userEditorIssues({ profile, values, isEmailTaken });
  // spec part 1 point 5: errors appear as one toast, joined by a dot separator.
  const joined = issues.map((i) => ISSUE_TEXT[i]).join(' · ');
  useEffect(() => {
    if (!isTouched || joined === '') return undefined;
    const timer = setTimeout(() => toast.show(joined, 'error'), ISSUES_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isTouched, joined, toast]);
  // The current profile stays listed when editing, even if this session could not give it (own account).
  const offered = user && profile && !grantable.includes(profile) ? [profile, ...grantable] : grantable;
  const errors = isTouched
    ? {
        name: issues.includes('name-required') ? ISSUE_TEXT['name-required'] : undefined,
        firstLast: issues.includes('first-last-required') ? ISSUE_TEXT['first-last-required'] : undefined,
        email: emailError(issues),
      }
    : {};
  const save = async () => {
    setIsTouched(true);
    if (issues.length > 0 || !profile) return toast.show(joined, 'error');
    setIsBusy(true);
    try {
      await onSave({
        name: displayName(keys, values),
        email: values.email.trim(),
        profileId: profile.id,
        extra: extraForProfile(keys, values, user?.extra ?? {}),
      });
      onOpenChange(false);
    } catch {
      toast.show(fr.securityUsers.userForm.saveFailed, 'error');
    } finally {
      setIsBusy(false);
    }
  };
  // Save stays disabled while the form is invalid (spec part 1 point 5), which also stops the browser's
  // Enter-to-submit: Enter in a field then shows the joined errors instead of nothing.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || issues.length === 0) return;
    if (!(e.target instanceof HTMLInputElement) || e.target.type === 'checkbox') return;
    e.preventDefault();
    void save();
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
          {/* Key presses bubble from the fields to this wrapper (react-aria's Form takes no key handler). */}
          <div className="user-form-body" onKeyDown={onKeyDown}>
            {user ? (
              <SelectField
                label={fr.users.profile}
                value={profile ? profile.id : ''}
                onChange={(id) => (setProfileId(id), setIsTouched(true))}
                options={offered.map((p) => ({ value: p.id, label: p.name }))}
                // A user whose profile was deleted has none: the list says so instead of showing the first one.
                {...(profile ? {} : { placeholder: fr.securityUsers.userForm.profileDeletedOption })}
                isPlaceholderSelectable={false}
                errorMessage={profile ? null : ISSUE_TEXT['profile-missing']}
                hint={isSelf ? fr.securityUsers.refusals.self : null}
                isDisabled={isSelf}
              />
            ) : (
              <h3>
                {fr.users.fillForm} · {profile?.name}
              </h3>
            )}
            {profile && lacksSignInEmail(keys) ? (
              <FormWarning>{fr.securityUsers.userForm.noEmailField}</FormWarning>
            ) : null}
            <UserFormFields
              formFieldKeys={keys}
              values={values}
              onChange={(v) => (setValues(v), setIsTouched(true))}
              institutes={institutes}
              levels={levels}
              errors={errors}
            />
            {user ? null : <p className="hint">{fr.invitations.editorNote}</p>}
          </div>
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
