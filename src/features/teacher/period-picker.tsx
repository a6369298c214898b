import { useId, useState } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { readPickedDate } from './period';

const t = fr.teacher.period;

/** The period label as a button opening a date picker, or a month picker in month mode. */
export function PeriodPicker({
  kind,
  reference,
  label,
  onPick,
}: {
  kind: PeriodKind;
  reference: string;
  label: string;
  onPick: (reference: string) => void;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [value, setValue] = useState('');
  const isMonth = kind === 'month';
  const open = (next: boolean) => {
    if (next) setValue(isMonth ? reference.slice(0, 7) : reference);
    setIsOpen(next);
  };
  const apply = () => {
    const picked = readPickedDate(value);
    if (picked) onPick(picked);
    setIsOpen(false);
  };
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={open}>
      <Button className="link-button teacher-period-label" aria-label={t.pick(label)}>
        {label}
      </Button>
      <Popover className="popover" placement="bottom">
        <Dialog className="teacher-picker" aria-label={t.pickTitle}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-pick`}>{isMonth ? t.monthField : t.date}</label>
              <input
                id={`${id}-pick`}
                type={isMonth ? 'month' : 'date'}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </div>
            <div className="dialog-actions">
              <Button className="button secondary" onPress={() => setIsOpen(false)}>
                {t.cancel}
              </Button>
              <Button className="button primary" type="submit">
                {t.apply}
              </Button>
            </div>
          </form>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
