import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import {
  adjustmentMonth,
  closureCovering,
  isMonthOver,
  nextMonthKey,
  type MonthClosure,
  type MonthKey,
} from '../../domain/payroll/closing';
import type { Institute } from '../../domain/store/schema';
import { isFullAdministration } from '../../domain/users/administrator';
import { frClosing as t, monthLabel } from '../../i18n/fr-closing';
import { closeMonth, readClosures, reopenMonth } from '../../services/closing/month-closing';
import { useSignedInSession } from '../../session/use-session';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import './month-closing.css';

export interface ClosingData {
  closures: MonthClosure[];
  institutes: Institute[];
}

/** The closures and institutes, re-read on every change (a closing made on another device arrives by sync). */
export function useClosingData(): ClosingData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const [closures, institutes] = await Promise.all([readClosures(db), db.institutes.toArray()]);
    return { closures, institutes: institutes.sort((a, b) => a.name.localeCompare(b.name)) };
  }, []);
}

const ORG_SCOPE = '';

/**
 * « Clôture du mois » (issue 32) on /attendance and /workload: the state of the month shown (per
 * organisation and per institute), and for a full administrator « Clôturer le mois » with a confirmation,
 * « Rouvrir le mois » with a reason. Closed months' history is listed.
 */
export function MonthClosingPanel({ month, now }: { month: MonthKey; now: Date }) {
  const session = useSignedInSession();
  const toast = useToast();
  const data = useClosingData();
  const [scope, setScope] = useState(ORG_SCOPE);
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState<MonthClosure | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!data || !session) return null;
  const admin = session.loginMode !== 'pin' && isFullAdministration(session.granted);
  const instituteId = scope === ORG_SCOPE ? null : scope;
  const scopeName = (id: string | null) =>
    id ? (data.institutes.find((i) => i.id === id)?.name ?? id) : t.wholeOrg;
  const ofMonth = data.closures.filter((c) => c.month === month);
  const covering = closureCovering(data.closures, instituteId, month);
  const over = isMonthOver(month, now);
  const next = adjustmentMonth(data.closures, instituteId, month) ?? nextMonthKey(month);
  const actor = { userId: session.user.id, userName: session.user.name };

  const close = async () => {
    setBusy(true);
    try {
      const result = await closeMonth(appDb(), { month, instituteId, actor, isFullAdministrator: admin });
      if (result.ok) toast.show(t.closedToast(month));
      else toast.show(t.refusal(result.code), 'error');
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const reopen = async () => {
    if (!reopening) return;
    setBusy(true);
    try {
      const result = await reopenMonth(appDb(), {
        closureId: reopening.id,
        reason,
        actor,
        isFullAdministrator: admin,
      });
      if (result.ok) {
        toast.show(t.reopenedToast(month));
        setReopening(null);
        setReason('');
      } else toast.show(t.refusal(result.code), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="month-closing" aria-label={t.region}>
      <div className="month-closing-head">
        <strong>{t.month(month)}</strong>
        <span className={covering ? 'pill month-closing-closed' : 'pill'}>
          {covering ? t.closed : t.open}
        </span>
      </div>
      {ofMonth.length > 0 ? (
        <ul className="month-closing-list">
          {ofMonth.map((c) => (
            <li key={c.id}>
              <span>
                {c.status === 'closed'
                  ? t.closedBy(scopeName(c.instituteId), c.closedAt, c.closedByUserName)
                  : t.reopenedBy(
                      scopeName(c.instituteId),
                      c.reopenedAt,
                      c.reopenedByUserName,
                      c.reopenReason ?? '',
                    )}
              </span>
              {admin && c.status === 'closed' ? (
                <Button className="button secondary small" onPress={() => setReopening(c)}>
                  {t.reopenAction}
                </Button>
              ) : null}
              {c.history.length > 1 ? (
                <details>
                  <summary>{t.history}</summary>
                  <ol>
                    {c.history.map((e, i) => (
                      <li key={i}>
                        {e.action === 'close'
                          ? t.historyClose(e.at, e.byUserName)
                          : t.historyReopen(e.at, e.byUserName, e.reason)}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {admin ? (
        <div className="month-closing-actions">
          {data.institutes.length > 0 ? (
            <div className="select-field">
              <label htmlFor="closing-scope">{t.scopeLabel}</label>
              <select id="closing-scope" value={scope} onChange={(e) => setScope(e.target.value)}>
                <option value={ORG_SCOPE}>{t.wholeOrg}</option>
                {data.institutes.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button
            className="button primary small"
            isDisabled={!!covering || !over || busy}
            onPress={() => setConfirming(true)}
          >
            {t.closeAction}
          </Button>
          {!over ? <span className="month-closing-why">{t.refusal('month-not-over')}</span> : null}
        </div>
      ) : null}
      <AppDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t.closeTitle(month)}
        role="alertdialog"
        size="small"
      >
        <p>{t.closeBody(month, scopeName(instituteId), next)}</p>
        <div className="dialog-actions">
          <Button className="button secondary" slot="close">
            {t.cancel}
          </Button>
          <Button className="button danger" isDisabled={busy} onPress={() => void close()}>
            {t.confirmClose}
          </Button>
        </div>
      </AppDialog>
      <AppDialog
        isOpen={reopening !== null}
        onOpenChange={(open) => {
          if (!open) setReopening(null);
        }}
        title={t.reopenTitle(month)}
        size="small"
      >
        <p>{t.reopenBody}</p>
        <TextField label={t.reasonLabel} value={reason} onChange={setReason} maxLength={500} autoFocus />
        <div className="dialog-actions">
          <Button className="button secondary" slot="close">
            {t.cancel}
          </Button>
          <Button
            className="button primary"
            isDisabled={busy || reason.trim() === ''}
            onPress={() => void reopen()}
          >
            {t.confirmReopen}
          </Button>
        </div>
      </AppDialog>
    </section>
  );
}

/** The read-only banner of a screen showing a day of a closed month (null: open). */
export function closedMonthNotice(
  closures: readonly MonthClosure[],
  instituteId: string | null,
  month: MonthKey,
): string | null {
  if (!closureCovering(closures, instituteId, month)) return null;
  return t.readOnly(month, adjustmentMonth(closures, instituteId, month));
}

export { monthLabel };
