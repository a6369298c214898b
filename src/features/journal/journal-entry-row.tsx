import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { JournalItem } from '../../domain/journal/journal-items';
import { displayValue, fieldLabel } from '../../domain/journal/journal-query';
import { fr } from '../../i18n/fr';
import { frJournalItems } from '../../i18n/fr-journal-items';
import { journalCodeLabel, journalDetailText } from './journal-texts';

export function JournalEntryRow({ entry }: { entry: JournalItem }) {
  const [isOpen, setIsOpen] = useState(false);
  const fields = entry.fields;
  const details = journalDetailText(entry.detail);
  return (
    <>
      <tr>
        <td>
          <time dateTime={entry.timestamp}>
            {new Date(entry.timestamp).toLocaleString('fr-FR', { timeZone: 'UTC' })}
          </time>
        </td>
        <td>
          <span className="pill">{journalCodeLabel(entry.code)}</span>
          <span className="journal-kind">{frJournalItems.kinds[entry.kind]}</span>
        </td>
        <td>{entry.target ?? '—'}</td>
        <td>{entry.actor ?? fr.journal.system}</td>
        <td>
          <div className="journal-details">
            {details ? <span>{details}</span> : null}
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
