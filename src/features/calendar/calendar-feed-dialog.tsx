import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { FeedKey } from '../../domain/api-schemas/calendar';
import { compareNames } from '../../domain/planning/name-list';
import { frCalendar } from '../../i18n/fr-calendar';
import { AppDialog } from '../../ui/app-dialog';
import { SelectField } from '../../ui/select-field';
import { FeedRow } from './feed-row';
import { sameFeed, useCalendarFeeds } from './use-calendar-feeds';

const t = frCalendar.dialog;

interface PanelProps {
  userId: string;
  /** An administrator of the plannings: addresses per class or per teacher too. */
  isPlanningAdmin: boolean;
}

interface Props extends PanelProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** "Calendrier" of the person's menu (issue 35): her private iCalendar address, and an admin's others. */
export function CalendarFeedDialog({ isOpen, onOpenChange, userId, isPlanningAdmin }: Props) {
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={t.title} size="medium">
      <CalendarFeedPanel userId={userId} isPlanningAdmin={isPlanningAdmin} />
      <div className="dialog-actions">
        <Button className="button" slot="close">
          {t.close}
        </Button>
      </div>
    </AppDialog>
  );
}

function CalendarFeedPanel({ userId, isPlanningAdmin }: PanelProps) {
  const { feeds, error, revealed, create, revoke } = useCalendarFeeds();
  const [adminKind, setAdminKind] = useState<'class' | 'teacher'>('class');
  const [targetId, setTargetId] = useState('');
  const options = useLiveQuery(async () => {
    if (!isPlanningAdmin) return { classes: [], teachers: [] };
    const db = appDb();
    const [classes, users] = await Promise.all([db.classes.toArray(), db.users.toArray()]);
    return {
      classes: classes
        .map((c) => ({ value: c.id, label: c.code }))
        .sort((a, b) => compareNames(a.label, b.label)),
      teachers: users
        .filter((u) => u.status === 'Active' && u.id !== userId)
        .map((u) => ({ value: u.id, label: u.name }))
        .sort((a, b) => compareNames(a.label, b.label)),
    };
  }, [isPlanningAdmin, userId]);

  const mine: FeedKey = { kind: 'me' };
  const targetOf = (key: FeedKey) => (key.kind === 'me' ? userId : key.targetId);
  const row = (key: FeedKey, label: string) => (
    <FeedRow
      key={`${key.kind}:${key.kind === 'me' ? '' : key.targetId}`}
      label={label}
      feedKey={key}
      active={feeds?.find((f) => sameFeed(key, f, userId))}
      revealed={
        revealed && sameFeed(key, { kind: revealed.key.kind, targetId: targetOf(revealed.key) }, userId)
          ? revealed
          : null
      }
      onCreate={create}
      onRevoke={revoke}
    />
  );
  const labelOf = (kind: 'class' | 'teacher', id: string) =>
    `${kind === 'class' ? t.forClass : t.forTeacher} : ${
      (kind === 'class' ? options?.classes : options?.teachers)?.find((o) => o.value === id)?.label ?? id
    }`;
  const others = (feeds ?? []).filter((f) => f.kind !== 'me');
  const picked: FeedKey | null = targetId ? { kind: adminKind, targetId } : null;
  const pickedIsListed = picked !== null && others.some((f) => sameFeed(picked, f, userId));

  return (
    <>
      <p>{t.intro}</p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {feeds === null ? <p>{t.loading}</p> : row(mine, t.mine)}
      {isPlanningAdmin && feeds !== null ? (
        <>
          <p>{t.adminIntro}</p>
          {others.map((f) =>
            row(
              { kind: f.kind as 'class' | 'teacher', targetId: f.targetId },
              labelOf(f.kind as 'class' | 'teacher', f.targetId),
            ),
          )}
          <SelectField
            label={t.adminKind}
            value={adminKind}
            onChange={(value) => {
              setAdminKind(value === 'teacher' ? 'teacher' : 'class');
              setTargetId('');
            }}
            options={[
              { value: 'class', label: t.forClass },
              { value: 'teacher', label: t.forTeacher },
            ]}
          />
          <SelectField
            label={adminKind === 'class' ? t.pickClass : t.pickTeacher}
            value={targetId}
            onChange={setTargetId}
            placeholder={t.choose}
            isPlaceholderSelectable={false}
            options={(adminKind === 'class' ? options?.classes : options?.teachers) ?? []}
          />
          {picked && !pickedIsListed ? row(picked, labelOf(adminKind, targetId)) : null}
        </>
      ) : null}
    </>
  );
}
