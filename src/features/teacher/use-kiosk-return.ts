import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { appDb } from '../../db/database';
import { endSession } from '../../session/session';

// Shared classroom tablet (spec part 1 point 4): back to the PIN pad a few seconds after an action, or after a minute
// without any touch, so the next teacher can sign in and nobody acts under the previous one's name.
export const KIOSK_CONFIRM_S = 3;
export const KIOSK_IDLE_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

export interface KioskReturn {
  /** Seconds left before the return after an action, or null when none is scheduled. */
  countdown: number | null;
  afterAction: () => void;
  signOut: () => Promise<void>;
}

export function useKioskReturn(isKiosk: boolean): KioskReturn {
  const navigate = useNavigate();
  const [countdown, setCountdown] = useState<number | null>(null);
  const isLeaving = useRef(false);
  const signOut = useCallback(async () => {
    if (isLeaving.current) return;
    isLeaving.current = true;
    await endSession(appDb());
    await navigate('/login?mode=pin', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!isKiosk) return undefined;
    let timer = setTimeout(() => void signOut(), KIOSK_IDLE_MS);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void signOut(), KIOSK_IDLE_MS);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart);
    };
  }, [isKiosk, signOut]);

  useEffect(() => {
    if (countdown === null) return undefined;
    if (countdown <= 0) {
      void signOut();
      return undefined;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1_000);
    return () => clearTimeout(timer);
  }, [countdown, signOut]);

  const afterAction = useCallback(() => {
    if (isKiosk) setCountdown(KIOSK_CONFIRM_S);
  }, [isKiosk]);
  return { countdown, afterAction, signOut };
}
