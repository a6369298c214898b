import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { formatBellSchedule, parseBellSchedule } from '../../../domain/timetable-parsing';
import { proposedSchoolBell, schoolBellEntry } from '../../../domain/timetable-parsing/exports/bell-question';
import { fr } from '../../../i18n/fr';
import { useSignedInSession } from '../../../session/use-session';
import { saveImportMapping } from '../../../services/planning-import';
import { useToast } from '../../../ui/toast';
import type { NewImportState } from './use-new-import';

/**
 * Untis' GPU001 numbers its periods without times (issue 30): the school's bell schedule is asked once,
 * prefilled (saved times, else the hour from 8:00), saved for the organisation, and the file read with it.
 */
export function SchoolBellQuestion({ state, periods }: { state: NewImportState; periods: number[] }) {
  const t = fr.importMapping;
  const q = t.schoolBell;
  const session = useSignedInSession();
  const toast = useToast();
  const [text, setText] = useState(() =>
    formatBellSchedule(proposedSchoolBell(periods, state.savedMappings)),
  );
  const [isSaving, setIsSaving] = useState(false);
  const schedule = parseBellSchedule(text);
  const save = async () => {
    setIsSaving(true);
    try {
      const entry = schoolBellEntry(schedule.periods, new Date().toISOString());
      const saved =
        session !== null &&
        (await saveImportMapping(appDb(), entry, {
          userId: session.user.id,
          granted: session.granted,
          loginMode: session.loginMode,
        }));
      toast.show(saved ? t.saved : q.notSaved, saved ? 'success' : 'info');
      await state.answerBell(entry);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <div className="field guided-mapping-bell">
      <p className="hint">{q.intro(periods.join(', '))}</p>
      <label htmlFor="school-bell">{t.bell}</label>
      <textarea
        id="school-bell"
        value={text}
        rows={Math.min(12, Math.max(4, periods.length + 1))}
        aria-describedby="school-bell-problems"
        onChange={(e) => setText(e.target.value)}
      />
      <div id="school-bell-problems">
        {schedule.problems.map(({ line, problem }) => (
          <p key={line} className="field-error">
            {problem === 'too-many' ? t.bellTooMany(line) : t.bellProblem(line)}
          </p>
        ))}
      </div>
      <div className="dialog-actions">
        <Button
          className="button secondary"
          isDisabled={isSaving}
          onPress={() => void state.answerBell(null)}
        >
          {q.skip}
        </Button>
        <Button
          className="button primary"
          isDisabled={isSaving || schedule.periods.length === 0 || schedule.problems.length > 0}
          onPress={() => void save()}
        >
          {q.save}
        </Button>
      </div>
    </div>
  );
}
