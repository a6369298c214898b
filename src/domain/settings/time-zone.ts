/**
 * The organisation's time zone (setting `timeZone` of the settings record `org`): the hours of the calendar
 * feeds (domain/calendar/ics.ts). Intl only, no date library: the store schema checks it, and the schema is
 * part of the login bundle.
 */

/** The zone when none is set: the app's dates are UTC dates, as in Dakar all year (ics.ts DEFAULT_TIME_ZONE). */
export const ORG_TIME_ZONE_DEFAULT = 'Africa/Dakar';

/** IANA names: 'Africa/Dakar', 'America/Argentina/Buenos_Aires', 'Etc/GMT+1', 'UTC'; no offsets nor spaces. */
const IANA_NAME = /^[A-Z][A-Za-z_]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;
const NAME_MAX_CHARS = 64;

/**
 * A real IANA zone: an IANA-shaped name the runtime's time-zone database knows. Refused: offsets ('+01:00',
 * which Intl accepts but is no zone), lower-case spellings ('africa/dakar'), padded or unknown names.
 */
export function isIanaTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > NAME_MAX_CHARS || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The stored zone, or the default when it is missing or not a real zone. */
export function orgTimeZone(settings: { timeZone?: unknown } | null | undefined): string {
  return isIanaTimeZone(settings?.timeZone) ? settings.timeZone : ORG_TIME_ZONE_DEFAULT;
}

/** The regions of the IANA names, in French. */
const REGIONS: Record<string, string> = {
  Africa: 'Afrique',
  America: 'Amérique',
  Antarctica: 'Antarctique',
  Arctic: 'Arctique',
  Asia: 'Asie',
  Atlantic: 'Atlantique',
  Australia: 'Australie',
  Europe: 'Europe',
  Indian: 'Océan Indien',
  Pacific: 'Pacifique',
  Etc: 'Autre',
};

export interface TimeZoneChoice {
  /** The IANA name, as stored. */
  id: string;
  /** 'Afrique / Dakar — UTC+00:00'. */
  label: string;
  /** The label, the IANA name and the zone's French name, folded for searching. */
  searchText: string;
}

/** Lower case, without accents: 'Amérique' and 'amerique' match. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');
}

function zoneNamePart(zone: string, at: Date, style: 'longOffset' | 'long'): string {
  try {
    const parts = new Intl.DateTimeFormat('fr-FR', { timeZone: zone, timeZoneName: style }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The French label of a zone at a date (its offset then: summer time included). */
export function timeZoneChoice(zone: string, at: Date): TimeZoneChoice {
  const [region = '', ...rest] = zone.split('/');
  const place = rest.map((p) => p.replace(/_/g, ' ')).join(' / ');
  const area = REGIONS[region] ?? region.replace(/_/g, ' ');
  const name = place === '' ? area : `${area} / ${place}`;
  // 'UTC+00:00'; the runtime writes 'UTC' alone for a zero offset in some versions.
  const rawOffset = zoneNamePart(zone, at, 'longOffset');
  // French writes the minus sign U+2212: the label keeps the hyphen people type when they search.
  const offset =
    rawOffset === 'UTC' || rawOffset === 'GMT'
      ? 'UTC+00:00'
      : rawOffset.replace(/^GMT/, 'UTC').replace('\u2212', '-');
  const label = offset ? `${name} — ${offset}` : name;
  const longName = zoneNamePart(zone, at, 'long');
  return { id: zone, label, searchText: foldForSearch(`${label} ${zone} ${longName}`) };
}

/**
 * The zones offered: the runtime's list (Intl.supportedValuesOf('timeZone')), 'UTC' and the stored zone
 * added when missing, real zones only, sorted by their French label.
 */
export function timeZoneChoices(supported: readonly string[], current: string, at: Date): TimeZoneChoice[] {
  const ids = new Set([...supported, 'UTC', current].filter(isIanaTimeZone));
  return [...ids].map((id) => timeZoneChoice(id, at)).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

/** The choices whose label, IANA name or French name holds every word of the query (accents ignored). */
export function filterTimeZones(choices: readonly TimeZoneChoice[], query: string): TimeZoneChoice[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  return choices.filter((c) => words.every((w) => c.searchText.includes(w)));
}
