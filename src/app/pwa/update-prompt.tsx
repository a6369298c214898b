import { useSyncExternalStore } from 'react';
import { frPwa } from '../../i18n/fr-login';
import { isUpdateWaiting, reloadIntoUpdate, subscribeToUpdate } from './update-store';
import './update-prompt.css';

/** "Nouvelle version disponible": shown on every screen while a new service worker waits. */
export function UpdatePrompt() {
  const isWaiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting);
  if (!isWaiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{frPwa.updateAvailable}</span>
      {/* A plain button: react-aria's would join every screen's first download (light start). */}
      <button type="button" className="button primary small" onClick={reloadIntoUpdate}>
        {frPwa.reload}
      </button>
    </div>
  );
}
