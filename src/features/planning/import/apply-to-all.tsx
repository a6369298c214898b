import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Institute, Level } from '../../../domain/store/schema';
import { frImportLevels } from '../../../i18n/fr-import-levels';

/** "Keep each row's choice"; for modules, SEVERAL stands for no level ("Plusieurs niveaux"). */
export const KEEP = '';
export const SEVERAL = '*';

interface Props {
  kind: 'classes' | 'modules';
  levels: readonly Level[];
  institutes: readonly Institute[];
  onApply: (levelChoice: string, instituteChoice: string) => void;
}

/**
 * Issue 33 point 5: one level and one institute for every class (or module) to create at once, instead of one
 * select per row (120 selects on a 120-class file). "Garder" leaves each row's own or suggested choice.
 */
export function ApplyToAll({ kind, levels, institutes, onApply }: Props) {
  const t = frImportLevels;
  const [level, setLevel] = useState(KEEP);
  const [institute, setInstitute] = useState(KEEP);
  const [appliedCount, setAppliedCount] = useState<number | null>(null);
  return (
    <fieldset className="import-apply-all">
      <legend>{t.applyTitle(kind)}</legend>
      <select aria-label={t.applyLevel(kind)} value={level} onChange={(e) => setLevel(e.target.value)}>
        <option value={KEEP}>{t.keepSuggested}</option>
        {kind === 'modules' ? <option value={SEVERAL}>{t.severalLevels}</option> : null}
        {levels.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      <select
        aria-label={t.applyInstitute(kind)}
        value={institute}
        onChange={(e) => setInstitute(e.target.value)}
      >
        <option value={KEEP}>{t.keep}</option>
        {institutes.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </select>
      <Button
        className="button secondary small"
        isDisabled={level === KEEP && institute === KEEP}
        onPress={() => {
          onApply(level, institute);
          setAppliedCount((n) => (n ?? 0) + 1);
        }}
      >
        {t.apply}
      </Button>
      {appliedCount !== null ? (
        <span className="visually-hidden" role="status">
          {t.apply}
        </span>
      ) : null}
    </fieldset>
  );
}
