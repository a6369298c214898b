import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SecretDialog } from './secret-dialog';
import { UserEditorDialog } from './user-editor-dialog';
import { UserFilterDialog } from './user-filter-dialog';
import { createResetLink, generateUserPin, inviteNewUser, resetWithTemporaryPassword } from './users-service';
import type { UsersPageModel } from './use-users-page';

/** The one dialog of /users that is open, if any. */
export function UsersDialogs({ model }: { model: UsersPageModel }) {
  const { dialog, close, data } = model;
  const db = appDb();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'filter':
      return (
        <UserFilterDialog
          isOpen
          onOpenChange={close}
          filter={model.filter}
          profiles={data.profiles}
          onApply={model.setFilter}
        />
      );
    case 'create':
    case 'edit': {
      const editing = dialog.kind === 'edit' ? dialog.user : null;
      return (
        <UserEditorDialog
          key={editing?.id ?? 'new'}
          user={editing}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) model.closeEditor();
          }}
          profiles={data.profiles}
          grantable={model.grantable}
          isSelf={editing?.id === model.selfId}
          isEmailTaken={(email) => model.isEmailTaken(email, editing?.id ?? '')}
          institutes={data.institutes}
          levels={data.levels}
          onSave={(draft) => model.saveUser(editing, draft)}
        />
      );
    }
    case 'password':
      return (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.users.tempPasswordTitle}
          confirmText={fr.users.tempPasswordConfirm(dialog.user.name)}
          revealText={fr.users.tempPasswordIntro(dialog.user.name)}
          copiedText={fr.users.passwordCopied}
          generate={() => resetWithTemporaryPassword(db, dialog.user.id)}
        />
      );
    case 'invitation':
      return (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.invitations.title}
          confirmText={fr.invitations.confirm(dialog.user.name)}
          revealText={fr.invitations.intro(dialog.user.name)}
          copiedText={fr.users.passwordCopied}
          generateLabel={fr.invitations.create}
          generate={() => inviteNewUser(db, dialog.user.id)}
        />
      );
    case 'reset-link':
      return (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.securityUsers.resetLinkTitle}
          confirmText={fr.securityUsers.resetLinkConfirm(dialog.user.name)}
          revealText={fr.securityUsers.resetLinkIntro(dialog.user.name)}
          copiedText={fr.securityUsers.resetLinkCopied}
          generateLabel={fr.securityUsers.createLink}
          generate={() => createResetLink(db, dialog.user.id, window.location.origin)}
        />
      );
    case 'pin':
      return (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.users.pinTitle}
          confirmText={fr.users.pinConfirm(dialog.user.name)}
          revealText={fr.users.pinIntro(dialog.user.name, data.pinValidityDays)}
          copiedText={fr.users.pinCopied}
          generatedText={fr.users.pinGenerated}
          generate={() => generateUserPin(db, dialog.user.id)}
        />
      );
    case 'archive':
      return (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          title={fr.users.archiveConfirmTitle}
          message={fr.users.archiveConfirm(dialog.user.name)}
          confirmLabel={fr.users.archive}
          onConfirm={() => model.archive(dialog.user)}
        />
      );
    case 'bulk':
      return (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          title={fr.securityUsers.bulkConfirmTitle[dialog.action]}
          message={
            fr.securityUsers.bulkConfirm[dialog.action](dialog.targets.length) +
            (dialog.skipped > 0 ? ` ${fr.securityUsers.bulkSkipped(dialog.skipped)}` : '')
          }
          confirmLabel={fr.securityUsers.bulkConfirmLabel[dialog.action]}
          onConfirm={() => model.confirmBulk(dialog.action, dialog.targets)}
        />
      );
    case 'restore':
      return null;
  }
}
