import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { KioskSection } from './kiosk-section';
import { PinValiditySection } from './pin-validity-section';
import { StorageSection } from './storage-section';

/** /settings/donnees: export, import, PIN validity and this device's storage (issues 5 and 13). */
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
