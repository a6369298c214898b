import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the screen's code becomes its own chunk, fetched when the route opens
 * (and precached by the service worker), so the login screen downloads only what it needs.
 *
 * `preload()` starts the download ahead of the render (a route about to open). A screen whose code has arrived
 * by the time it renders is drawn at once, without suspending: React holds the content that replaces a
 * Suspense fallback for up to 300 ms (its fallback throttling), which a new session of a known device paid
 * at each of its nested boundaries (app, shell, screen).
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<Record<K, ComponentType<P>>> | null = null;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return module;
    }));
  const Suspending = lazy<ComponentType<P>>(async () => ({ default: (await loadOnce())[name] }));
  function Screen(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Suspending, props);
  }
  /** Starts the download ahead of the render; a failure is left to the render, which shows it. */
  const preload = () => void loadOnce().catch(() => undefined);
  return Object.assign(Screen, { preload });
}
