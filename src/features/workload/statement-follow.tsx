import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import { formatDuration } from '../../domain/format/duration';
import { fr } from '../../i18n/fr';
import { frStatement } from '../../i18n/fr-statement';
import { frStatementClosed } from '../../i18n/fr-statement-closed';
import { exportedAtText } from '../../services/export/payroll';
import { readMonthStatements, teacherStatement } from '../../services/payroll/statement-month';
import { MonthSelect, useStatementMonth } from '../../ui/month-select';
import { useToast } from '../../ui/toast';
import { downloadTeacherPdf } from '../teacher/teacher-statement';
import '../teacher/statement.css';

const t = frStatement;

/**
 * « États des heures du mois » on /workload (issue 32): per teacher with courses in a month, her paid hours and
 * amount, and whether she validated or disputed her statement (when, and her remark), with each statement's PDF.
 */
export function StatementFollow() {
  const toast = useToast();
  const { now, months, month, setMonth } = useStatementMonth();
  const [busy, setBusy] = useState<string | null>(null);
  const data = useLiveQuery(
    () =>
      readMonthStatements(
        appDb(),
        month,
        { teacher: fr.workload.unknownTeacher, other: fr.workload.unknown },
        now,
      ),
    [month],
  );
  const collator = new Intl.Collator('fr');
  const rows = data
    ? [...data.statements].sort((a, b) =>
        collator.compare(data.names.teacher(a.teacherUserId).name, data.names.teacher(b.teacherUserId).name),
      )
    : [];
  // Months close per institute: some teachers' statements may be closed and others not.
  const closedRows = data ? rows.filter((s) => data.closedFor(s.teacherUserId)).length : 0;
  const closedNote = !data
    ? ''
    : data.closed
      ? t.closed
      : closedRows > 0
        ? frStatementClosed.partly(closedRows, rows.length)
        : t.notClosed;
  const pdf = async (teacherUserId: string) => {
    if (!data) return;
    setBusy(teacherUserId);
    try {
      await downloadTeacherPdf(data, teacherUserId, new Date());
    } catch {
      toast.show(t.pdfFailed, 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="statement-follow-title" className="statement-follow">
      <h3 id="statement-follow-title">{t.followTitle}</h3>
      <p className="hint">{t.followHint}</p>
      <MonthSelect label={t.followMonth} months={months} value={month} onChange={setMonth} />
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data !== undefined ? <p className="teacher-note">{closedNote}</p> : null}
      {data !== undefined && rows.length === 0 ? <p className="empty">{t.followEmpty}</p> : null}
      {data !== undefined && rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data" aria-labelledby="statement-follow-title">
            <thead>
              <tr>
                <th scope="col">{t.colTeacher}</th>
                <th scope="col" className="teacher-num">
                  {t.colPaid}
                </th>
                <th scope="col" className="teacher-num">
                  {t.colAmount}
                </th>
                <th scope="col">{t.colAnswer}</th>
                <th scope="col">{t.colAt}</th>
                <th scope="col">{t.colComment}</th>
                <th scope="col">{t.colPdf}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => {
                const name = data.names.teacher(s.teacherUserId).name;
                const { ack } = teacherStatement(data, s.teacherUserId, now);
                return (
                  <tr key={s.teacherUserId}>
                    <th scope="row">{name}</th>
                    <td className="teacher-num">{formatDuration(s.totals.paidMin)}</td>
                    <td className="teacher-num">
                      {t.amount(s.totals.amount)}
                      {s.totals.missingRate ? ` · ${t.missingRate}` : ''}
                    </td>
                    <td>
                      {ack ? t.answers[ack.decision] : t.answers.none}
                      {data.closedFor(s.teacherUserId) ? '' : ` · ${frStatementClosed.rowOpen}`}
                    </td>
                    <td>{ack ? exportedAtText(new Date(ack.at)) : ''}</td>
                    <td>{ack?.comment ?? ''}</td>
                    <td>
                      <Button
                        className="button secondary small"
                        aria-label={t.teacherPdf(name)}
                        isDisabled={busy !== null}
                        onPress={() => void pdf(s.teacherUserId)}
                      >
                        {busy === s.teacherUserId ? t.preparingPdf : t.downloadPdf}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
