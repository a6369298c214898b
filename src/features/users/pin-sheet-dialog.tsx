import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { Profile, User } from '../../domain/store/schema';
import { pinSheetCandidates, type PinSheetScope } from '../../domain/users/pin-sheet';
import { frFirstMonthUx } from '../../i18n/fr-first-month-ux';
import { AppDialog } from '../../ui/app-dialog';
import { CheckboxInput } from '../../ui/native-toggles';
import { PinSheetCards, PinSheetPrint, type PinSheetEntry } from './pin-sheet-cards';
import type { SecretResult } from './secret-dialog';
import './pin-sheet.css';

const t = frFirstMonthUx.pinSheet;

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  users: readonly User[];
  profiles: readonly Profile[];
  /** Whether this session may give `user` a PIN (domain/users/user-rights, the server checks again). */
  mayPin: (user: User) => boolean;
  /** One PIN made by the server (hashed there, PBKDF2); the clear value comes back once. */
  generate: (userId: string) => Promise<SecretResult>;
  pinValidityDays: number;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'working'; done: number; total: number }
  | { kind: 'sheet'; entries: PinSheetEntry[]; failed: string[]; validUntil: string };

function scopeOf(value: string): PinSheetScope {
  return value === '' ? { kind: 'kiosk' } : { kind: 'class', classId: value };
}

/**
 * The printable PIN sheet (issue 33 point 3): the teachers of a kiosk or of a class, a new PIN each, made one
 * by one by the server, then shown once on cards to print and cut out. The clear PINs live in this dialog's
 * state only: closing it forgets them.
 */
export function PinSheetDialog({
  isOpen,
  onOpenChange,
  users,
  profiles,
  mayPin,
  generate,
  pinValidityDays,
}: Props) {
  const refs = useLiveQuery(
    async () => ({
      classes: await appDb().classes.toArray(),
      timetables: await appDb().timetables.toArray(),
    }),
    [],
  );
  const [scopeValue, setScopeValue] = useState('');
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const classes = [...(refs?.classes ?? [])].sort((a, b) => a.code.localeCompare(b.code, 'fr'));
  const candidates = pinSheetCandidates({
    users,
    profiles,
    timetables: refs?.timetables ?? [],
    scope: scopeOf(scopeValue),
  }).filter(mayPin);
  const chosen = candidates.filter((u) => !excluded.has(u.id));
  const title =
    scopeValue === '' ? t.kioskTitle : (classes.find((c) => c.id === scopeValue)?.code ?? t.kioskTitle);

  const close = (open: boolean) => {
    if (!open) setStep({ kind: 'choose' });
    onOpenChange(open);
  };
  const run = async () => {
    const entries: PinSheetEntry[] = [];
    const failed: string[] = [];
    setStep({ kind: 'working', done: 0, total: chosen.length });
    for (const [i, u] of chosen.entries()) {
      const result = await generate(u.id);
      if (result.ok) entries.push({ userId: u.id, name: u.name, pin: result.value });
      else failed.push(u.name);
      setStep({ kind: 'working', done: i + 1, total: chosen.length });
    }
    const until = new Date();
    until.setDate(until.getDate() + pinValidityDays);
    setStep({ kind: 'sheet', entries, failed, validUntil: until.toLocaleDateString('fr-FR') });
  };

  return (
    <AppDialog isOpen={isOpen} onOpenChange={close} title={t.title} size="large" isDismissable={false}>
      {step.kind === 'sheet' ? (
        <>
          <p className="form-warning">{t.shownOnce}</p>
          {step.failed.map((name) => (
            <p key={name} role="alert" className="form-error">
              {t.failed(name)}
            </p>
          ))}
          <PinSheetCards title={title} entries={step.entries} validUntil={step.validUntil} />
          <PinSheetPrint title={title} entries={step.entries} validUntil={step.validUntil} />
          <div className="dialog-actions">
            <Button className="button secondary" slot="close">
              {t.close}
            </Button>
            <Button className="button primary" onPress={() => window.print()}>
              {t.print}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{t.intro}</p>
          <div className="select-field pin-sheet-scope">
            <label htmlFor="pin-sheet-scope">{t.classFilter}</label>
            <select
              id="pin-sheet-scope"
              value={scopeValue}
              disabled={step.kind === 'working'}
              onChange={(e) => (setScopeValue(e.target.value), setExcluded(new Set()))}
            >
              <option value="">{t.allTeachers}</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.code}
                </option>
              ))}
            </select>
          </div>
          {candidates.length === 0 ? <p className="empty">{t.none}</p> : null}
          <ul className="pin-sheet-list" aria-label={t.teacherCount(chosen.length)}>
            {candidates.map((u) => (
              <li key={u.id}>
                <CheckboxInput
                  className="checkbox"
                  isSelected={!excluded.has(u.id)}
                  isDisabled={step.kind === 'working'}
                  onChange={(on) => {
                    const next = new Set(excluded);
                    if (on) next.delete(u.id);
                    else next.add(u.id);
                    setExcluded(next);
                  }}
                >
                  <span className="checkbox-box" aria-hidden="true" />
                  {u.name}
                </CheckboxInput>
              </li>
            ))}
          </ul>
          <p role="status" className="hint">
            {step.kind === 'working' ? t.generating(step.done, step.total) : t.teacherCount(chosen.length)}
          </p>
          <div className="dialog-actions">
            <Button className="button secondary" slot="close" isDisabled={step.kind === 'working'}>
              {t.close}
            </Button>
            <Button
              className="button primary"
              isDisabled={chosen.length === 0 || step.kind === 'working'}
              onPress={() => void run()}
            >
              {t.generate}
            </Button>
          </div>
        </>
      )}
    </AppDialog>
  );
}
