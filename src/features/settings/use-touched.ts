import { useCallback, useState } from 'react';

/**
 * Which fields show their error: a field is checked as soon as it is edited or left, not on opening an
 * empty form (which would greet the user with red labels before they typed anything).
 */
export function useTouched<F extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const touch = useCallback((field: F) => {
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  }, []);
  const isTouched = useCallback((field: F) => touched.has(field), [touched]);
  return { touch, isTouched };
}
