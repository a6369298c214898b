import type { Ref } from 'react';
import { Button, Checkbox, Switch } from 'react-aria-components';
import type { Profile, User } from '../../domain/store/schema';
import type { UserActionRefusal } from '../../domain/users/user-rights';
import { fr } from '../../i18n/fr';

export type UserAction = 'edit' | 'password' | 'pin' | 'reset-link' | 'archive' | 'restore';

interface Props {
  user: User;
  /** Undefined when the user has none (deleted profile, spec part 1 point 4). */
  profile: Profile | undefined;
  /** Position among all rows (aria-rowindex and the virtualizer's measure). */
  index: number;
  rowRef: Ref<HTMLTableRowElement>;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  onToggleStatus: (user: User, isActive: boolean) => void;
  onAction: (user: User, action: UserAction) => void;
  isSelf: boolean;
  refusal: UserActionRefusal | null;
}

/** One person of /users: name and e-mail, profile, status switch, the actions this session may take. */
export function UserRow({
  user: u,
  profile,
  index,
  rowRef,
  isSelected,
  onSelect,
  onToggleStatus,
  onAction,
  isSelf,
  refusal,
}: Props) {
  const isArchived = u.status === 'Archived';
  const canPin = profile?.moduleIds.includes('teacher.today') ?? false;
  const reason = refusal ? fr.securityUsers.refusals[refusal] : null;
  const action = (name: UserAction) => () => onAction(u, name);
  return (
    <tr
      ref={rowRef}
      data-index={index}
      className={isArchived ? 'archived' : undefined}
      aria-rowindex={index + 2}
    >
      <td>
        <Checkbox
          className="checkbox"
          aria-label={fr.users.selectRow(u.name)}
          isSelected={isSelected}
          onChange={onSelect}
        >
          <span className="checkbox-box" aria-hidden="true" />
        </Checkbox>
      </td>
      <td>
        <strong>{u.name}</strong>
        <span className="cell-sub">{u.email}</span>
      </td>
      <td>
        {profile ? (
          profile.name
        ) : (
          <span className="user-profile-missing">{fr.securityUsers.userForm.profileDeletedCell}</span>
        )}
      </td>
      <td>
        <Switch
          className="switch"
          aria-label={fr.users.statusOf(u.name)}
          isSelected={u.status === 'Active'}
          isDisabled={isArchived || isSelf || refusal !== null}
          onChange={(on) => onToggleStatus(u, on)}
        >
          <span className="track" aria-hidden="true" />
          <span>{fr.users.statusLabels[u.status]}</span>
        </Switch>
      </td>
      <td>
        {reason ? (
          <span className="cell-sub" title={reason}>
            {fr.securityUsers.noActions}
            <span className="visually-hidden"> : {reason}</span>
          </span>
        ) : (
          <div className="row-actions">
            <Button className="button small" aria-label={fr.users.editOf(u.name)} onPress={action('edit')}>
              {fr.users.edit}
            </Button>
            {isArchived ? (
              <Button
                className="button small"
                aria-label={fr.users.restoreOf(u.name)}
                onPress={action('restore')}
              >
                {fr.users.restore}
              </Button>
            ) : (
              <>
                {isSelf ? null : (
                  <>
                    <Button
                      className="button small"
                      aria-label={fr.users.resetPasswordOf(u.name)}
                      onPress={action('password')}
                    >
                      {fr.users.resetPassword}
                    </Button>
                    <Button
                      className="button small"
                      aria-label={fr.securityUsers.resetLinkOf(u.name)}
                      onPress={action('reset-link')}
                    >
                      {fr.securityUsers.resetLink}
                    </Button>
                  </>
                )}
                {canPin ? (
                  <Button
                    className="button small"
                    aria-label={fr.users.pinOf(u.name)}
                    onPress={action('pin')}
                  >
                    {fr.users.pin}
                  </Button>
                ) : null}
                {isSelf ? (
                  <span className="cell-sub">{fr.securityUsers.ownAccount}</span>
                ) : (
                  <Button
                    className="button small"
                    aria-label={fr.users.archiveOf(u.name)}
                    onPress={action('archive')}
                  >
                    {fr.users.archive}
                  </Button>
                )}
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
