import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { KioskSection } from './kiosk-section';
import { PinValiditySection } from './pin-validity-section';
import { StorageSection } from './storage-section';
import './settings.css';

/**
 * /settings/donnees: JSON export and import (spec part 1 point 2, Données screen), PIN validity (point 9),
 * the kiosk's settings and this device's storage.
 */
export function DataPage() {
  return (
    <div className="settings-data">
      <ExportSection />
      <ImportSection />
      <PinValiditySection />
      <KioskSection />
      <StorageSection />
    </div>
  );
}
