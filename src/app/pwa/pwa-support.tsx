import { useEffect } from 'react';
import { useSession } from '../../session/use-session';
import { requestPersistentStorage } from './persist-storage';
import { registerServiceWorker } from './register-sw';
import { UpdatePrompt } from './update-prompt';
import { LostWorkNotice } from '../lost-work/lost-work-notice';

/** Service worker registration, the update prompt, and persistent storage once someone signs in. */
export function PwaSupport() {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  useEffect(() => {
    registerServiceWorker(() => void import('../bootstrap').then((m) => m.syncEngine()?.syncOnce()));
  }, []);
  useEffect(() => {
    if (isSignedIn) void requestPersistentStorage();
  }, [isSignedIn]);
  return (
    <>
      <UpdatePrompt />
      <LostWorkNotice />
    </>
  );
}
