import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button, Label, TextArea, TextField } from 'react-aria-components';
import { appDb } from '../../db/database';
import { formatDuration } from '../../domain/format/duration';
import { ackOutdated, STATEMENT_COMMENT_MAX } from '../../domain/payroll/statement-ack';
import type { StatementAck } from '../../domain/store/schema';
import { frenchDate } from '../../domain/workload/payroll-export';
import { fr } from '../../i18n/fr';
import { frStatement } from '../../i18n/fr-statement';
import { exportedAtText } from '../../services/export/payroll';
import { monthLabel } from '../../i18n/fr-closing';
import { downloadStatementPdf, statementFileName } from '../../services/payroll/statement-pdf-download';
import {
  answerStatement,
  readMonthStatements,
  teacherStatement,
  type MonthStatements,
} from '../../services/payroll/statement-month';
import { MonthSelect, useStatementMonth } from '../../ui/month-select';
import { useToast } from '../../ui/toast';
import './statement.css';

const t = frStatement;

/** « Validé le 03/12/2026 à 10:00 » of an answer (server time, UTC as every date of the application). */
export function answerText(ack: Pick<StatementAck, 'decision' | 'at'>): string {
  const at = exportedAtText(new Date(ack.at)).replace(' ', ' à ');
  return ack.decision === 'acknowledged' ? t.acknowledged(at) : t.disputed(at);
}

/** The PDF of one teacher's statement (the teacher's own, or any, for the administrator). */
export async function downloadTeacherPdf(data: MonthStatements, teacherUserId: string, now: Date) {
  const { statement, ack } = teacherStatement(data, teacherUserId, now);
  const name = data.names.teacher(teacherUserId).name;
  await downloadStatementPdf(
    {
      statement,
      names: data.names,
      organisation: data.organisation,
      monthLabel: monthLabel(data.month),
      closed: data.closedFor(teacherUserId),
      generatedAt: exportedAtText(now),
      answer: ack ? answerText(ack) + (ack.comment ? ` ${t.yourComment(ack.comment)}` : '') : null,
    },
    statementFileName(name, data.month),
  );
}

/**
 * « État des heures » in Mes heures (issue 32): the signed-in teacher's statement of a month, its totals, its
 * lines per module and class and per session, her answer (validate, or dispute with a comment) once the month
 * is closed, and its PDF.
 */
export function TeacherStatement({ userId, userName }: { userId: string; userName: string }) {
  const toast = useToast();
  const { now, months, month, setMonth } = useStatementMonth();
  const [disputing, setDisputing] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = useLiveQuery(
    () => readMonthStatements(appDb(), month, { teacher: userName, other: fr.teacher.unknown }, now),
    [month, userId, userName],
  );
  const mine = data ? teacherStatement(data, userId, now) : null;
  const statement = mine?.statement;
  const ack = mine?.ack ?? null;
  const totals = statement?.totals;
  const outdated = !!ack && !!totals && ackOutdated(ack, totals);
  // Closed for her: every institute of her courses that month closed it (or the organisation did).
  const closed = !!data?.closedFor(userId);
  const mayAnswer = closed && !!statement && statement.lines.length > 0 && (!ack || outdated);

  const answer = async (decision: 'acknowledged' | 'disputed') => {
    if (!statement) return;
    const text = comment.trim();
    if (decision === 'disputed' && text === '') return setError(t.commentRequired);
    if (text.length > STATEMENT_COMMENT_MAX) return setError(t.commentTooLong(STATEMENT_COMMENT_MAX));
    setBusy(true);
    try {
      await answerStatement(appDb(), {
        teacherUserId: userId,
        actorName: userName,
        month,
        decision,
        comment: decision === 'disputed' ? text : null,
        paidMin: statement.totals.paidMin,
        amount: statement.totals.amount,
        now: new Date(),
      });
      toast.show(decision === 'acknowledged' ? t.ackSaved : t.disputeSaved);
      setDisputing(false);
      setComment('');
      setError(null);
    } finally {
      setBusy(false);
    }
  };

  const pdf = async () => {
    if (!data) return;
    setBusy(true);
    try {
      await downloadTeacherPdf(data, userId, new Date());
    } catch {
      toast.show(t.pdfFailed, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="teacher-statement-title" className="teacher-statement">
      <h3 id="teacher-statement-title">{t.title}</h3>
      <MonthSelect label={t.chooseMonth} months={months} value={month} onChange={setMonth} />
      {data === undefined || !statement || !totals ? (
        <p className="page-loading">{fr.app.loading}</p>
      ) : (
        <>
          <p className={closed ? 'teacher-note' : 'teacher-note statement-provisional'}>
            {closed ? t.closed : t.notClosed}
          </p>
          {statement.lines.length === 0 ? <p className="empty">{t.empty}</p> : null}
          <dl className="statement-totals" aria-label={t.monthTitle(monthLabel(month))}>
            <dt>{t.totals.planned}</dt>
            <dd>{formatDuration(totals.plannedHeldMin)}</dd>
            <dt>{t.totals.done}</dt>
            <dd>{formatDuration(totals.doneMin)}</dd>
            <dt>{t.totals.corrected}</dt>
            <dd>{formatDuration(totals.correctedMin)}</dd>
            <dt>{t.totals.adjusted}</dt>
            <dd>{formatDuration(totals.adjustedMin)}</dd>
            <dt>{t.totals.review}</dt>
            <dd>{formatDuration(totals.reviewMin)}</dd>
            <dt>{t.totals.absences}</dt>
            <dd>{totals.absences}</dd>
            <dt>{t.totals.paid}</dt>
            <dd>
              <strong>{formatDuration(totals.paidMin)}</strong>
            </dd>
            <dt>{t.totals.amount}</dt>
            <dd>
              <strong>{t.amount(totals.amount)}</strong>
            </dd>
          </dl>
          {totals.missingRate ? <p className="teacher-note">{t.missingRateNote}</p> : null}
          {statement.groups.length > 0 ? (
            <div className="table-scroll">
              <table className="data">
                <caption>{t.byModule}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.colModule}</th>
                    <th scope="col">{t.colClass}</th>
                    <th scope="col" className="teacher-num">
                      {t.colPaid}
                    </th>
                    <th scope="col" className="teacher-num">
                      {t.colAmount}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statement.groups.map((g) => (
                    <tr key={`${g.moduleId}:${g.classId}`}>
                      <td>{data.names.module(g.moduleId)}</td>
                      <td>{data.names.schoolClass(g.classId)}</td>
                      <td className="teacher-num">{formatDuration(g.paidMin)}</td>
                      <td className="teacher-num">
                        {g.missingRate && g.amount === 0 ? t.missingRate : t.amount(g.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {statement.lines.length > 0 ? (
            <details className="statement-sessions">
              <summary>
                {t.bySession} ({statement.lines.length})
              </summary>
              <div className="table-scroll">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">{t.colDate}</th>
                      <th scope="col">{t.colModule}</th>
                      <th scope="col">{t.colState}</th>
                      <th scope="col" className="teacher-num">
                        {t.colPaid}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {statement.lines.map((line, i) => (
                      <tr key={`${line.date}:${line.startTime}:${line.moduleId}:${line.classId}:${i}`}>
                        <td>
                          {frenchDate(line.date)}
                          {line.startTime ? ` ${line.startTime}` : ''}
                        </td>
                        <td>
                          {data.names.module(line.moduleId)} · {data.names.schoolClass(line.classId)}
                        </td>
                        <td>{t.states[line.state]}</td>
                        <td className="teacher-num">{formatDuration(line.paidMin)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ) : null}
          {ack ? (
            <p className="statement-answer" role="status">
              {answerText(ack)}
              {ack.comment ? ` ${t.yourComment(ack.comment)}` : ''}
            </p>
          ) : null}
          {outdated ? <p className="teacher-note">{t.figuresChanged}</p> : null}
          <div className="statement-actions">
            {mayAnswer && !disputing ? (
              <>
                <Button
                  className="button primary"
                  isDisabled={busy}
                  onPress={() => void answer('acknowledged')}
                >
                  {t.acknowledge}
                </Button>
                <Button className="button secondary" isDisabled={busy} onPress={() => setDisputing(true)}>
                  {t.dispute}
                </Button>
              </>
            ) : null}
            <Button className="button secondary" isDisabled={busy} onPress={() => void pdf()}>
              {busy ? t.preparingPdf : t.downloadPdf}
            </Button>
          </div>
          {!closed && statement.lines.length > 0 ? <p className="hint">{t.onlyClosed}</p> : null}
          {mayAnswer && disputing ? (
            <div className="statement-dispute">
              <TextField
                className="field"
                value={comment}
                onChange={(value) => {
                  setComment(value);
                  setError(null);
                }}
                isInvalid={error !== null}
              >
                <Label>{t.disputeComment}</Label>
                <TextArea rows={4} placeholder={t.disputeHint} maxLength={STATEMENT_COMMENT_MAX} />
              </TextField>
              {error ? (
                <p className="field-error" role="alert">
                  {error}
                </p>
              ) : null}
              <div className="statement-actions">
                <Button className="button secondary" onPress={() => setDisputing(false)}>
                  {t.cancel}
                </Button>
                <Button className="button primary" isDisabled={busy} onPress={() => void answer('disputed')}>
                  {t.sendDispute}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
