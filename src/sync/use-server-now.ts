import { useEffect, useState } from 'react';
import { serverClock } from './server-clock';

const serverNow = () => new Date(serverClock.serverNowMs());

/**
 * The current time, refreshed every `intervalMs`, so statuses move on (late, finished) without a tap: the
 * server's time as the device estimates it, so the buttons' gates agree with what the server will accept.
 */
export function useServerNow(intervalMs: number): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
