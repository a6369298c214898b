import { fr } from '../../../i18n/fr';
import type { ReadProgress } from './read-timetable-file';

/** Progress while the worker reads a large workbook: indeterminate while decoding, then sheet by sheet. */
export function ReadProgressBar({ progress }: { progress: ReadProgress }) {
  const t = fr.planning.import.readStage;
  const isCounting = progress.stage === 'detecting' && progress.sheetCount > 0;
  const label =
    progress.stage === 'detecting'
      ? t.detecting(progress.sheetsDone, progress.sheetCount)
      : t[progress.stage];
  return (
    <div className="import-progress">
      <progress
        aria-label={fr.planning.import.reading}
        max={isCounting ? progress.sheetCount : undefined}
        value={isCounting ? progress.sheetsDone : undefined}
      />
      <p className="hint" role="status" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
