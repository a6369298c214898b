import type { PasswordSignInError } from './auth-service';

/** What the login screen reads from the device once its runtime has loaded. */
export interface LoginDevice {
  isSignedIn: boolean;
  kioskName: string | null;
  knowsSomeone: boolean;
}

/**
 * The login screen's runtime: the local database (Dexie), the start-up, the device's state and sign-in
 * (src/app/login-runtime.ts). The app hands a loader to the screen, which asks for it once it is drawn.
 */
export interface LoginRuntime {
  /**
   * The device's start-up is done: `?org=` applied and a new school's defaults written. The emergency area
   * waits for it before sending (issue 29, item 7: sent earlier, it created the wrong school, or an empty one).
   */
  whenStarted(): Promise<void>;
  readLoginDevice(): Promise<LoginDevice>;
  /** The emergency area is offered by itself: the server found no active administrator, storage intact. */
  readNeedsEmergency(): Promise<boolean>;
  /** Calls `listener` when the device's database vanishes under the open page; returns the unsubscribe. */
  onStorageVanished?(listener: () => void): () => void;
  /** The school does not exist on the server yet (day one): the emergency area comes first. */
  readIsNewSchool?(): Promise<boolean>;
  signIn(input: {
    email: string;
    password: string;
    remember: boolean;
  }): Promise<{ ok: true; destination: string } | { ok: false; code: PasswordSignInError }>;
}

export type LoadLoginRuntime = () => Promise<LoginRuntime>;

/** Runs after the browser has painted the current frame: the form shows before the runtime is asked for. */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
