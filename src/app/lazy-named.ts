import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the screen's code becomes its own chunk, fetched when the route opens
 * (and precached by the service worker), so the login screen downloads only what it needs.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loading: Promise<Record<K, ComponentType<P>>> | null = null;
  const loadOnce = () => (loading ??= load());
  const Screen = lazy(async () => ({ default: (await loadOnce())[name] }));
  /** Starts the download ahead of the render (a route about to open); a failure is left to the render. */
  const preload = () => void loadOnce().catch(() => undefined);
  return Object.assign(Screen, { preload });
}
