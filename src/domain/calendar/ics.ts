import { DateTime, IANAZone } from 'luxon';
import type { FeedEvent } from './feed-events';

/**
 * iCalendar text (RFC 5545) of a feed, written by hand rather than with `ical-generator`: the output is a
 * calendar, a time zone and plain events (no recurrence, no attendees, no alarms), and the one part a
 * library would add value to, the VTIMEZONE, `ical-generator` does not write itself (it takes a generator
 * from a second package). Here the time zone's real transitions over the feed's dates come from luxon
 * (already a dependency, with the runtime's IANA database), text is escaped (§3.3.11) and lines are folded at
 * 75 octets without splitting a UTF-8 character (§3.1). The tests read the output back with ical.js.
 */

/** The organisation's zone when it has none (the app's dates are UTC dates; Dakar is UTC all year). */
export const DEFAULT_TIME_ZONE = 'Africa/Dakar';

export function validTimeZone(zone: unknown): string {
  return typeof zone === 'string' && zone !== '' && IANAZone.isValidZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (§3.1); continuation lines start with one space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; the next ones 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function localStamp(dt: DateTime): string {
  return dt.toFormat("yyyyMMdd'T'HHmmss");
}

export function utcStamp(instant: DateTime): string {
  return instant.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
}

interface Observance {
  dst: boolean;
  name: string;
  from: number;
  to: number;
  /** Onset as a local time in the offset before it (§3.6.5). */
  start: string;
}

/** The zone's offset changes between two instants, to the minute. */
function transitions(zone: string, from: DateTime, to: DateTime): Observance[] {
  const found: Observance[] = [];
  const step = { hours: 6 };
  let previous = from.setZone(zone);
  while (previous < to) {
    const next = previous.plus(step);
    if (next.offset !== previous.offset) {
      let low = previous.toMillis();
      let high = next.toMillis();
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 2);
        if (DateTime.fromMillis(middle, { zone }).offset === previous.offset) low = middle;
        else high = middle;
      }
      const onset = DateTime.fromMillis(high, { zone }).startOf('minute');
      found.push({
        dst: onset.isInDST,
        name: onset.offsetNameShort ?? zone,
        from: previous.offset,
        to: onset.offset,
        start: localStamp(onset.toUTC().plus({ minutes: previous.offset })),
      });
    }
    previous = next;
  }
  return found;
}

/** VTIMEZONE of `zone`, exact for every instant between `from` and `to`. */
export function vtimezone(zone: string, from: DateTime, to: DateTime): string[] {
  const first = from.setZone(zone);
  const observances: Observance[] = [
    {
      dst: first.isInDST,
      name: first.offsetNameShort ?? zone,
      from: first.offset,
      to: first.offset,
      start: '19700101T000000',
    },
    ...transitions(zone, from, to),
  ];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  for (const o of observances) {
    const kind = o.dst ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${o.start}`,
      `TZOFFSETFROM:${offsetText(o.from)}`,
      `TZOFFSETTO:${offsetText(o.to)}`,
      `TZNAME:${escapeText(o.name)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

function wallTime(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

export interface CalendarText {
  name: string;
  timeZone: string;
  events: readonly FeedEvent[];
  /** DTSTAMP of every event: when the feed was written. */
  now: DateTime;
  /** Dates the feed covers (UTC midnights), for the VTIMEZONE. */
  range: { start: DateTime; end: DateTime };
}

/** The whole iCalendar object, CRLF line ends, folded lines. */
export function writeCalendar(input: CalendarText): string {
  const zone = validTimeZone(input.timeZone);
  const stamp = utcStamp(input.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Emargement et plannings//Calendrier des cours//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(input.name)}`,
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `X-WR-TIMEZONE:${zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(zone, input.range.start.minus({ days: 2 }), input.range.end.plus({ days: 2 })),
  ];
  for (const e of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${zone}:${wallTime(e.date, e.startTime)}`,
      `DTEND;TZID=${zone}:${wallTime(e.date, e.endTime)}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    lines.push(`STATUS:${e.state === 'canceled' ? 'CANCELLED' : 'CONFIRMED'}`);
    // A course someone else gives, or one that will not happen, leaves the time free.
    lines.push(`TRANSP:${e.state === 'canceled' || e.state === 'replaced' ? 'TRANSPARENT' : 'OPAQUE'}`);
    lines.push(`SEQUENCE:${e.sequence}`);
    const modified = e.lastModified ? DateTime.fromISO(e.lastModified, { zone: 'utc' }) : null;
    if (modified?.isValid && modified <= input.now) lines.push(`LAST-MODIFIED:${utcStamp(modified)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
