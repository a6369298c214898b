import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { mayRestoreStore } from '../../domain/access/rules';
import { isFullAdministration } from '../../domain/users/administrator';
import { useSignedInSession } from '../../session/use-session';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { KioskSection } from './kiosk-section';
import { PinValiditySection } from './pin-validity-section';
import { StorageSection } from './storage-section';
import { TimeZoneSection } from './time-zone-section';
import './settings.css';

/**
 * /settings/donnees: JSON export and import (spec part 1 point 2, Données screen), PIN validity (point 9),
 * the organisation's time zone (calendar feeds, issue 35), the kiosk's settings and this device's storage.
 */
export function DataPage() {
  const session = useSignedInSession();
  const profiles = useLiveQuery(() => appDb().profiles.toArray(), []);
  // The server keeps every hash (backup) and the restore for whoever could grant every profile: said here
  // before anyone tries (access/rules mayRestoreStore).
  const hasAllRights = !session || !profiles || mayRestoreStore(session.granted, profiles);
  return (
    <div className="settings-data">
      <ExportSection hasAllRights={hasAllRights} />
      <ImportSection hasAllRights={hasAllRights} />
      <PinValiditySection />
      <TimeZoneSection />
      {/* Only a full administrator enrols a kiosk or sets its roster (the server refuses anyone else). */}
      {session && isFullAdministration(session.granted) ? <KioskSection /> : null}
      <StorageSection />
    </div>
  );
}
