import { Button } from 'react-aria-components';
import type { CourseModule, SchoolClass } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import type { PairDraft, PairIssues } from './contract-draft';

interface Props {
  index: number;
  pair: PairDraft;
  issues: PairIssues | undefined;
  classes: readonly SchoolClass[];
  modules: readonly CourseModule[];
  onChange: (pair: PairDraft) => void;
  onRemove: () => void;
}

/** One class/module pair with its cap in whole hours (spec part 2 point 5: minimum 0, 0 = no cap). */
export function PairFields({ index, pair, issues, classes, modules, onChange, onRemove }: Props) {
  const t = fr.contracts.vh;
  const id = `pair-${pair.key}`;
  const error = (text: string | undefined, field: string) =>
    text ? (
      <span className="field-error" id={`${id}-${field}-error`}>
        {text}
      </span>
    ) : null;
  return (
    <fieldset className="contracts-pair">
      <legend>{t.pairLegend(index + 1)}</legend>
      <div className="select-field">
        <label htmlFor={`${id}-class`}>{t.class}</label>
        <select
          id={`${id}-class`}
          value={pair.classId}
          aria-invalid={issues?.class ? true : undefined}
          aria-describedby={issues?.class ? `${id}-class-error` : undefined}
          onChange={(e) => onChange({ ...pair, classId: e.target.value })}
        >
          <option value="">{t.chooseClass}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code}
            </option>
          ))}
        </select>
        {error(issues?.class ? t.errors.class : undefined, 'class')}
      </div>
      <div className="select-field">
        <label htmlFor={`${id}-module`}>{t.module}</label>
        <select
          id={`${id}-module`}
          value={pair.moduleId}
          aria-invalid={issues?.module || issues?.duplicate ? true : undefined}
          aria-describedby={issues?.module || issues?.duplicate ? `${id}-module-error` : undefined}
          onChange={(e) => onChange({ ...pair, moduleId: e.target.value })}
        >
          <option value="">{t.chooseModule}</option>
          {modules.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        {error(
          issues?.module ? t.errors.module : issues?.duplicate ? t.errors.duplicate : undefined,
          'module',
        )}
      </div>
      <div className="field contracts-cap">
        <label htmlFor={`${id}-cap`}>{t.capHours}</label>
        <input
          id={`${id}-cap`}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={pair.capHours}
          aria-invalid={issues?.cap ? true : undefined}
          aria-describedby={issues?.cap ? `${id}-cap-error` : undefined}
          onChange={(e) => onChange({ ...pair, capHours: e.target.value })}
        />
        {error(issues?.cap ? t.errors[issues.cap] : undefined, 'cap')}
      </div>
      <Button
        className="button secondary small"
        onPress={onRemove}
        aria-label={`${t.removePair} ${index + 1}`}
      >
        {t.removePair}
      </Button>
    </fieldset>
  );
}
