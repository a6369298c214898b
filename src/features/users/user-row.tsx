import type { ReactNode, Ref } from 'react';
import type { Profile, User } from '../../domain/store/schema';
import type { UserActionRefusal } from '../../domain/users/user-rights';
import { fr } from '../../i18n/fr';
import { CheckboxInput, SwitchInput } from '../../ui/native-toggles';

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

/** A row's action: the browser's own button (a list draws dozens of them at once; react-aria's cost adds up). */
function RowButton({
  label,
  onPress,
  children,
}: {
  label: string;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="button small" aria-label={label} onClick={onPress}>
      {children}
    </button>
  );
}

/**
 * One person of /users: name and e-mail, profile, status switch, the actions this session may take. Drawn
 * with native controls (ui/native-toggles, RowButton): a phone renders a dozen rows on open, each with a
 * checkbox, a switch and up to five buttons.
 */
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
        <CheckboxInput
          className="checkbox"
          aria-label={fr.users.selectRow(u.name)}
          isSelected={isSelected}
          onChange={onSelect}
        >
          <span className="checkbox-box" aria-hidden="true" />
        </CheckboxInput>
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
        <SwitchInput
          className="switch"
          aria-label={fr.users.statusOf(u.name)}
          isSelected={u.status === 'Active'}
          isDisabled={isArchived || isSelf || refusal !== null}
          onChange={(on) => onToggleStatus(u, on)}
        >
          <span className="track" aria-hidden="true" />
          <span>{fr.users.statusLabels[u.status]}</span>
        </SwitchInput>
      </td>
      <td>
        {reason ? (
          <span className="cell-sub" title={reason}>
            {fr.securityUsers.noActions}
            <span className="visually-hidden"> : {reason}</span>
          </span>
        ) : (
          <div className="row-actions">
            <RowButton label={fr.users.editOf(u.name)} onPress={action('edit')}>
              {fr.users.edit}
            </RowButton>
            {isArchived ? (
              <RowButton label={fr.users.restoreOf(u.name)} onPress={action('restore')}>
                {fr.users.restore}
              </RowButton>
            ) : (
              <>
                {isSelf ? null : (
                  <>
                    <RowButton label={fr.users.resetPasswordOf(u.name)} onPress={action('password')}>
                      {fr.users.resetPassword}
                    </RowButton>
                    <RowButton label={fr.securityUsers.resetLinkOf(u.name)} onPress={action('reset-link')}>
                      {fr.securityUsers.resetLink}
                    </RowButton>
                  </>
                )}
                {canPin ? (
                  <RowButton label={fr.users.pinOf(u.name)} onPress={action('pin')}>
                    {fr.users.pin}
                  </RowButton>
                ) : null}
                {isSelf ? (
                  <span className="cell-sub">{fr.securityUsers.ownAccount}</span>
                ) : (
                  <RowButton label={fr.users.archiveOf(u.name)} onPress={action('archive')}>
                    {fr.users.archive}
                  </RowButton>
                )}
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
