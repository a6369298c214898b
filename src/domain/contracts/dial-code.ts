/** spec part 2 point 5: the default phone dial code comes from the time zone. */
export const DIAL_CODE_BY_TIME_ZONE: Readonly<Record<string, string>> = {
  'Africa/Dakar': '+221',
  'Africa/Abidjan': '+225',
  'Africa/Casablanca': '+212',
  'Europe/Paris': '+33',
  'Europe/London': '+44',
  'America/New_York': '+1',
};
// spec part 2 point 5: fallback +221 (Senegal).
export const DIAL_CODE_FALLBACK = '+221';

/** The caller passes the device's zone (Intl.DateTimeFormat().resolvedOptions().timeZone); no clock read here. */
export function dialCodeFromTimeZone(timeZone: string | null | undefined): string {
  return (timeZone && DIAL_CODE_BY_TIME_ZONE[timeZone]) || DIAL_CODE_FALLBACK;
}
