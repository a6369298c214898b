import { useEffect } from 'react';
import { registerServiceWorker } from './register-sw';
import { UpdatePrompt } from './update-prompt';
import { LostWorkNotice } from '../lost-work/lost-work-notice';

/**
 * Service worker registration, the update prompt and the lost-work notices. Persistent storage is not asked
 * here: it is asked at the first change made offline (lost-work/watch-pending.ts) or from Paramètres, where a
 * refusal can be told to the person (issue 31 item 7).
 */
export function PwaSupport() {
  useEffect(() => {
    registerServiceWorker(() => void import('../bootstrap').then((m) => m.syncEngine()?.syncOnce()));
  }, []);
  return (
    <>
      <UpdatePrompt />
      <LostWorkNotice />
    </>
  );
}
