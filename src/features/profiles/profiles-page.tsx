import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import { MODULE_CATALOGUE } from '../../domain/module-catalogue';
import { randomId } from '../../domain/secrets';
import type { Profile } from '../../domain/store/schema';
import { profileBadgeTone } from '../../domain/users/user-filters';
import { lacksSignInEmail } from '../../domain/users/user-form';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormWarning } from '../../ui/form-warning';
import { useToast } from '../../ui/toast';
import { FormFieldsDialog } from './form-fields-dialog';
import { ProfileEditorDialog } from './profile-editor-dialog';
import { deleteProfile, saveProfile } from '../../services/profiles/profiles-service';
import './profiles.css';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'fields' | 'delete'; profile: Profile } | null;
const MODULE_NAMES = new Map(MODULE_CATALOGUE.map((m) => [m.id, m.name]));
/** Badges name what a profile opens; the top-level groups are implied by their children. */
const BADGE_IDS = new Set(
  MODULE_CATALOGUE.filter(
    (m) => m.parentId !== null || !MODULE_CATALOGUE.some((c) => c.parentId === m.id),
  ).map((m) => m.id),
);

export function ProfilesPage() {
  const data = useLiveQuery(async () => {
    const [profiles, users] = await Promise.all([appDb().profiles.toArray(), appDb().users.toArray()]);
    const counts = new Map<string, number>();
    for (const u of users)
      if (u.profileId && u.status !== 'Archived') counts.set(u.profileId, (counts.get(u.profileId) ?? 0) + 1);
    return { profiles: profiles.sort((a, b) => a.name.localeCompare(b.name, 'fr')), counts };
  }, []);
  const session = useSignedInSession();
  const toast = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  if (!data || !session) return <p className="page-loading">{fr.app.loading}</p>;
  const db = appDb();
  const close = () => setDialog(null);
  return (
    <section aria-labelledby="profiles-title">
      <div className="toolbar">
        <h2 id="profiles-title" className="grow">
          {fr.profiles.title}
        </h2>
        <Button className="button primary" onPress={() => setDialog({ kind: 'create' })}>
          {fr.profiles.add}
        </Button>
      </div>
      {data.profiles.length === 0 ? <p className="empty">{fr.profiles.empty}</p> : null}
      <ul className="profile-list">
        {data.profiles.map((p) => {
          const tone = profileBadgeTone(p.name);
          const leaves = p.moduleIds.filter((id) => BADGE_IDS.has(id));
          return (
            <li key={p.id} className="profile-card">
              <div className="profile-head">
                <h3>{p.name}</h3>
                <span className="cell-sub">{fr.profiles.users(data.counts.get(p.id) ?? 0)}</span>
              </div>
              {lacksSignInEmail(p.formFieldKeys) ? (
                <FormWarning>{fr.securityUsers.profileForm.noEmailBadge}</FormWarning>
              ) : null}
              <div className="profile-modules">
                {leaves.length === 0 ? <span className="empty">{fr.profiles.noModules}</span> : null}
                {leaves.map((id) => (
                  <span key={id} className={`pill ${tone}`}>
                    {MODULE_NAMES.get(id) ?? id}
                  </span>
                ))}
              </div>
              <div className="row-actions">
                <Button
                  className="button small"
                  aria-label={fr.profiles.editOf(p.name)}
                  onPress={() => setDialog({ kind: 'edit', profile: p })}
                >
                  {fr.profiles.edit}
                </Button>
                <Button
                  className="button small"
                  aria-label={fr.profiles.formDataOf(p.name)}
                  onPress={() => setDialog({ kind: 'fields', profile: p })}
                >
                  {fr.profiles.formData}
                </Button>
                <Button
                  className="button small"
                  aria-label={fr.profiles.deleteOf(p.name)}
                  onPress={() => setDialog({ kind: 'delete', profile: p })}
                >
                  {fr.profiles.delete}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ProfileEditorDialog
          profile={dialog.kind === 'edit' ? dialog.profile : null}
          onOpenChange={close}
          onSave={async ({ name, moduleIds }) => {
            const base: Profile =
              dialog.kind === 'edit'
                ? dialog.profile
                : { id: randomId('p-'), name, moduleIds, formFieldKeys: ['email'] };
            await saveProfile(db, { ...base, name, moduleIds });
            toast.show(fr.profiles.saved);
          }}
        />
      ) : null}
      {dialog?.kind === 'fields' ? (
        <FormFieldsDialog
          profile={dialog.profile}
          onOpenChange={close}
          onSave={async (formFieldKeys) => {
            await saveProfile(db, { ...dialog.profile, formFieldKeys });
            toast.show(fr.profiles.saved);
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          title={fr.profiles.deleteTitle}
          message={fr.profiles.deleteConfirm(dialog.profile.name, data.counts.get(dialog.profile.id) ?? 0)}
          confirmLabel={fr.profiles.delete}
          onConfirm={async () => {
            await deleteProfile(db, dialog.profile.id, { id: session.user.id, name: session.user.name });
            toast.show(fr.profiles.deleted);
          }}
        />
      ) : null}
    </section>
  );
}
