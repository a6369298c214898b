import { useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
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
      <Button className="button primary small" onPress={reloadIntoUpdate}>
        {frPwa.reload}
      </Button>
    </div>
  );
}
