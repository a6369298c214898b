import { useState } from 'react';
import { Button } from 'react-aria-components';
import { displayValue, fieldLabel } from '../../domain/journal/journal-query';
import type { UserLog } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';

export function JournalEntryRow({ entry }: { entry: UserLog }) {
  const [isOpen, setIsOpen] = useState(false);
  const fields = entry.fields ?? [];
  return (
    <>
      <tr>
        <td>
          <time dateTime={entry.timestamp}>
            {new Date(entry.timestamp).toLocaleString('fr-FR', { timeZone: 'UTC' })}
          </time>
        </td>
        <td>
          <span className="pill">{fr.journal.actionLabels[entry.action]}</span>
        </td>
        <td>{entry.targetUserName ?? '—'}</td>
        <td>{entry.actorUserName ?? fr.journal.system}</td>
        <td>
          <div className="journal-details">
            {entry.details ? <span>{entry.details}</span> : null}
            {fields.length > 0 ? (
              <Button className="link-button" aria-expanded={isOpen} onPress={() => setIsOpen(!isOpen)}>
                {isOpen ? fr.journal.hideChanges : fr.journal.showChanges(fields.length)}
              </Button>
            ) : null}
          </div>
        </td>
      </tr>
      {isOpen ? (
        <tr className="journal-changes">
          <td colSpan={5}>
            <table className="data compact">
              <thead>
                <tr>
                  <th scope="col">{fr.journal.field}</th>
                  <th scope="col">{fr.journal.before}</th>
                  <th scope="col">{fr.journal.after}</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f, i) => (
                  <tr key={`${f.key ?? f.label ?? ''}-${i}`}>
                    <td>{fieldLabel(f)}</td>
                    <td>{displayValue(f.before)}</td>
                    <td>{displayValue(f.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </td>
        </tr>
      ) : null}
    </>
  );
}
