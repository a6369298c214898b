import { memo } from 'react';
import type { ContractWarning } from '../../../domain/contracts/contract-warnings';
import { summarizeNames } from '../../../domain/planning/name-list';
import { fr } from '../../../i18n/fr';

interface Props {
  warnings: readonly ContractWarning[];
  names: {
    classes: ReadonlyMap<string, string>;
    modules: ReadonlyMap<string, string>;
    teachers: ReadonlyMap<string, string>;
  };
}

const SHOWN_WARNINGS = 10;

/**
 * spec part 2 point 5: contract warnings are shown, never blocking. Memoised: a large import has thousands of
 * warnings to word, and the dialog re-renders for unrelated reasons (a button turning busy on save).
 */
export const ContractWarningList = memo(function ContractWarningList({ warnings, names }: Props) {
  const v = fr.planning.import.verify;
  if (warnings.length === 0) return null;
  const lines = warnings.map((w) =>
    v.warning[w.code](
      names.teachers.get(w.teacherUserId) ?? w.teacherUserId,
      names.classes.get(w.classId) ?? w.classId,
      names.modules.get(w.moduleId) ?? w.moduleId,
    ),
  );
  const { shown, moreCount } = summarizeNames([...new Set(lines)], SHOWN_WARNINGS);
  return (
    <details className="import-warnings">
      <summary>{v.warningsTitle(warnings.length)}</summary>
      <ul>
        {shown.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {moreCount > 0 ? <li>{fr.planning.history.more(moreCount)}</li> : null}
      </ul>
    </details>
  );
});
