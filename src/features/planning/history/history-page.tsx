import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import type { Periodicity, PlanningImport } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { DeleteImportDialog } from './delete-import-dialog';
import { importDateLabel, importPeriodLabel } from './period-label';
import './history.css';

/** /planning/historique (spec part 2 point 2): filters periodicity and year, newest import first. */
export function HistoryPage() {
  const data = useLiveQuery(async () => {
    const db = appDb();
    const [imports, classes] = await Promise.all([
      db.planningImports.orderBy('createdAt').reverse().toArray(),
      db.classes.toArray(),
    ]);
    return { imports, classNames: new Map(classes.map((c) => [c.id, c.code])) };
  }, []);
  const [periodicity, setPeriodicity] = useState<Periodicity | ''>('');
  const [year, setYear] = useState<number | ''>('');
  const [deleting, setDeleting] = useState<PlanningImport | null>(null);
  const t = fr.planning.history;
  if (!data) return <p className="page-loading">{t.loading}</p>;
  const years = [...new Set(data.imports.map((i) => i.year))].sort((a, b) => b - a);
  const shown = data.imports.filter(
    (i) => (periodicity === '' || i.periodicity === periodicity) && (year === '' || i.year === year),
  );
  return (
    <section className="history-page" aria-labelledby="history-title">
      <h2 id="history-title">{t.title}</h2>
      <div className="toolbar">
        <div className="select-field">
          <label htmlFor="history-periodicity">{t.periodicity}</label>
          <select
            id="history-periodicity"
            value={periodicity}
            onChange={(e) => setPeriodicity(e.target.value as Periodicity | '')}
          >
            <option value="">{t.all}</option>
            <option value="week">{t.week}</option>
            <option value="month">{t.month}</option>
          </select>
        </div>
        <div className="select-field">
          <label htmlFor="history-year">{t.year}</label>
          <select
            id="history-year"
            value={year}
            onChange={(e) => setYear(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <option value="">{t.allYears}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{t.empty}</p>
      ) : (
        <>
          <p className="count-line">{t.count(shown.length)}</p>
          <div className="table-scroll">
            <table className="data" aria-labelledby="history-title">
              <thead>
                <tr>
                  <th scope="col">{t.colDate}</th>
                  <th scope="col">{t.colPeriodicity}</th>
                  <th scope="col">{t.colPeriod}</th>
                  <th scope="col">{t.colFile}</th>
                  <th scope="col">{t.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((record) => {
                  const period = importPeriodLabel(record);
                  return (
                    <tr key={record.id}>
                      <td className="nowrap">{importDateLabel(record.createdAt)}</td>
                      <td>{record.periodicity === 'week' ? t.week : t.month}</td>
                      <td>{period}</td>
                      <td>{record.fileName}</td>
                      <td>
                        <Button
                          className="button danger small"
                          aria-label={t.removeOf(record.fileName, period)}
                          onPress={() => setDeleting(record)}
                        >
                          {t.remove}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {deleting ? (
        <DeleteImportDialog
          record={deleting}
          classNames={data.classNames}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
