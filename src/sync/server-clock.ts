/**
 * The server's time as this device best knows it (trusted time of check-ins, domain/attendance/trust).
 *
 * Every sync answer carries the server's clock (`X-Server-Time` header, and `serverTime` in the JSON). The
 * device notes it with a monotonic clock (performance.now, which a user changing the device's date does not
 * move): the server time at the answer is taken as the header plus half the round trip, and from then on the
 * estimate is that anchor plus the monotonic time elapsed. The offset to the device's wall clock is also kept
 * in localStorage, so a reload (which restarts performance.now) still estimates from the last exchange.
 * Without any exchange yet, the estimate is the device clock.
 */

import { SERVER_TIME_HEADER } from '../domain/sync/server-time';

const STORAGE_KEY = 'server-clock-offset-ms';

export interface ClockSource {
  /** The device's wall clock (Date.now). */
  wallMs(): number;
  /** A monotonic clock in milliseconds (performance.now). */
  monoMs(): number;
}

export interface OffsetStore {
  read(): number | null;
  write(offsetMs: number): void;
}

interface Anchor {
  /** Estimated server time at `mono`. */
  serverMs: number;
  mono: number;
}

/**
 * One exchange: sent at `sentMono`, answered at `receivedMono` with the server's `serverMs`. The server read
 * its clock somewhere during the round trip; the middle is the best guess, so at reception the server's
 * clock reads serverMs + half the round trip.
 */
export function anchorOf(serverMs: number, sentMono: number, receivedMono: number): Anchor {
  const roundTrip = Math.max(0, receivedMono - sentMono);
  return { serverMs: serverMs + roundTrip / 2, mono: receivedMono };
}

export class ServerClock {
  private anchor: Anchor | null = null;

  constructor(
    private readonly source: ClockSource,
    private readonly store: OffsetStore | null = null,
  ) {}

  /** Notes the server's time read from an answer (ISO text or epoch ms); unreadable values are ignored. */
  observe(serverTime: string | number | null | undefined, sentMono: number, receivedMono: number): void {
    const serverMs = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime ?? '');
    if (!Number.isFinite(serverMs)) return;
    this.anchor = anchorOf(serverMs, sentMono, receivedMono);
    this.store?.write(this.offsetMs() ?? 0);
  }

  /** Estimated server time minus device time, in ms; null when never learnt (this page or before). */
  offsetMs(): number | null {
    if (this.anchor) return this.serverNowMs() - this.source.wallMs();
    return this.store?.read() ?? null;
  }

  /** The monotonic clock this estimate runs on. */
  mono(): number {
    return this.source.monoMs();
  }

  /** The estimated server time now. */
  serverNowMs(): number {
    if (this.anchor) return this.anchor.serverMs + (this.source.monoMs() - this.anchor.mono);
    return this.source.wallMs() + (this.store?.read() ?? 0);
  }

  /** Both clocks at one instant: what a check-in records (`timestamp` and `deviceTimestamp`). */
  readings(): { now: Date; deviceNow: Date } {
    return { now: new Date(this.serverNowMs()), deviceNow: new Date(this.source.wallMs()) };
  }
}

const browserSource: ClockSource = {
  wallMs: () => Date.now(),
  monoMs: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
};

const localOffsetStore: OffsetStore = {
  read() {
    try {
      const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
      const value = raw === null || raw === undefined ? NaN : Number(raw);
      return Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  },
  write(offsetMs) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, String(Math.round(offsetMs)));
    } catch {
      // private mode or no storage: the in-page estimate still works
    }
  },
};

/** The device's one estimate, fed by the sync engine and read by check-in/out. */
export const serverClock = new ServerClock(browserSource, localOffsetStore);

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A fetch that notes the server time of every answer carrying the header (the sync exchanges). */
export function withServerClock(fetchImpl: FetchLike, clock: ServerClock = serverClock): FetchLike {
  return async (input, init) => {
    const sent = clock.mono();
    const response = await fetchImpl(input, init);
    const header = response.headers?.get?.(SERVER_TIME_HEADER) ?? null;
    if (header) clock.observe(header, sent, clock.mono());
    return response;
  };
}
