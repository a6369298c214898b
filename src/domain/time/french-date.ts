// French date format everywhere a date is shown (23/11/2026); ISO 'YYYY-MM-DD' stays for storage and files.
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/** '2026-11-23' -> '23/11/2026'; anything else is returned unchanged. */
export function frenchDate(isoDate: string): string {
  return isoDate.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');
}

/** Rewrites every ISO date inside a text in the French format ('… · 2026-11-23 08:00' -> '… · 23/11/2026 08:00'). */
export function withFrenchDates(text: string): string {
  return text.replace(ISO_DATE, '$3/$2/$1');
}
