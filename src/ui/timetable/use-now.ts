import { useEffect, useState } from 'react';
import { GRID_CLOCK_REFRESH_MS } from '../../domain/planning/visible-hours';

/**
 * The current time, refreshed every `intervalMs` (spec part 2 point 9: the grid's clock line every 60 s).
 * Screens read it once and pass it down as `now` to the timetable renderings, which stay pure.
 */
export function useNow(intervalMs: number = GRID_CLOCK_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
