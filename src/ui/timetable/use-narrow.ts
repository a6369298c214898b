import { useEffect, useState } from 'react';

/** Below this width the 7-column grid and calendar do not fit: one day at a time, or a day list. */
export const PHONE_MAX_WIDTH_PX = 599;

/** True while the viewport is phone-sized (follows rotation and window resizes). */
export function useIsPhone(): boolean {
  const query = `(max-width: ${PHONE_MAX_WIDTH_PX}px)`;
  const [isPhone, setIsPhone] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setIsPhone(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return isPhone;
}
