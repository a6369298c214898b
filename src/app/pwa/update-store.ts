/** Whether a new service worker waits to take over, and the action that hands over to it. */
type Listener = () => void;

let applyUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

export function announceUpdate(apply: () => void): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

export function isUpdateWaiting(): boolean {
  return applyUpdate !== null;
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reloadIntoUpdate(): void {
  applyUpdate?.();
}
