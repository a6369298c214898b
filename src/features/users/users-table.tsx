import { useRef } from 'react';
import { Button, Checkbox, Switch } from 'react-aria-components';
import type { Profile, User } from '../../domain/store/schema';
import type { UserActionRefusal } from '../../domain/users/user-rights';
import { fr } from '../../i18n/fr';
import { useVirtualRows } from '../../ui/use-virtual-rows';

export type UserAction = 'edit' | 'password' | 'pin' | 'reset-link' | 'archive' | 'restore';

interface Props {
  users: readonly User[];
  profiles: ReadonlyMap<string, Profile>;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onToggleStatus: (user: User, isActive: boolean) => void;
  onAction: (user: User, action: UserAction) => void;
  /** The signed-in user's id: their own row offers no status change, archive or password reset. */
  selfId: string;
  /** Why this session may not manage a row (null: it may); such rows show a reason instead of actions. */
  rowRefusal: (user: User) => UserActionRefusal | null;
}

const ROW_HEIGHT_PX = 58;

/** Only the rows in view are rendered: 5,000 users scroll as smoothly as 50. */
export function UsersTable({
  users,
  profiles,
  selected,
  onSelect,
  onToggleStatus,
  onAction,
  selfId,
  rowRefusal,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useVirtualRows(scroller, users.length, ROW_HEIGHT_PX);
  const allSelected = users.length > 0 && users.every((u) => selected.has(u.id));
  const someSelected = !allSelected && users.some((u) => selected.has(u.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <div className="table-scroll tall" ref={scroller}>
      <table className="data" aria-rowcount={users.length + 1}>
        <thead>
          <tr>
            <th scope="col" style={{ width: '3rem' }}>
              <Checkbox
                className="checkbox"
                aria-label={fr.users.selectAll}
                isSelected={allSelected}
                isIndeterminate={someSelected}
                onChange={(on) => onSelect(on ? new Set(users.map((u) => u.id)) : new Set())}
              >
                <span className="checkbox-box" aria-hidden="true" />
              </Checkbox>
            </th>
            <th scope="col">{fr.users.colName}</th>
            <th scope="col">{fr.users.colProfile}</th>
            <th scope="col">{fr.users.colStatus}</th>
            <th scope="col">{fr.users.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {win.padTop > 0 ? <tr aria-hidden="true" style={{ height: win.padTop }} /> : null}
          {users.slice(win.start, win.end).map((u, i) => {
            const profile = profiles.get(u.profileId ?? '');
            const isArchived = u.status === 'Archived';
            const canPin = profile?.moduleIds.includes('teacher.today') ?? false;
            const refusal = rowRefusal(u);
            const isSelf = u.id === selfId;
            const reason = refusal ? fr.securityUsers.refusals[refusal] : null;
            return (
              <tr
                key={u.id}
                className={isArchived ? 'archived' : undefined}
                style={{ height: ROW_HEIGHT_PX }}
                aria-rowindex={win.start + i + 2}
              >
                <td>
                  <Checkbox
                    className="checkbox"
                    aria-label={fr.users.selectRow(u.name)}
                    isSelected={selected.has(u.id)}
                    onChange={(on) => toggle(u.id, on)}
                  >
                    <span className="checkbox-box" aria-hidden="true" />
                  </Checkbox>
                </td>
                <td>
                  <strong>{u.name}</strong>
                  <span className="cell-sub">{u.email}</span>
                </td>
                <td>{profile?.name ?? fr.users.noProfile}</td>
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
                      <Button
                        className="button small"
                        aria-label={fr.users.editOf(u.name)}
                        onPress={() => onAction(u, 'edit')}
                      >
                        {fr.users.edit}
                      </Button>
                      {isArchived ? (
                        <Button
                          className="button small"
                          aria-label={fr.users.restoreOf(u.name)}
                          onPress={() => onAction(u, 'restore')}
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
                                onPress={() => onAction(u, 'password')}
                              >
                                {fr.users.resetPassword}
                              </Button>
                              <Button
                                className="button small"
                                aria-label={fr.securityUsers.resetLinkOf(u.name)}
                                onPress={() => onAction(u, 'reset-link')}
                              >
                                {fr.securityUsers.resetLink}
                              </Button>
                            </>
                          )}
                          {canPin ? (
                            <Button
                              className="button small"
                              aria-label={fr.users.pinOf(u.name)}
                              onPress={() => onAction(u, 'pin')}
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
                              onPress={() => onAction(u, 'archive')}
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
          })}
          {win.padBottom > 0 ? <tr aria-hidden="true" style={{ height: win.padBottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
