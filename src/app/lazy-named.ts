import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the screen's code becomes its own chunk, fetched when the route opens
 * (and precached by the service worker), so the login screen downloads only what it needs.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
