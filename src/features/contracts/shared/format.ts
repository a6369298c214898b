import { parseIsoDate, toUtc } from '../../../domain/time/instant';

/** 'YYYY-MM-DD' as 'DD/MM/YYYY' (French order); unreadable text is shown as it is. */
export function formatDate(date: string | null | undefined): string {
  const day = parseIsoDate(date);
  return day ? day.toFormat('dd/MM/yyyy') : (date ?? '');
}

/** An ISO instant as 'DD/MM/YYYY HH:mm' in UTC (spec part 2 point 9: dates in UTC). */
export function formatDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const dt = toUtc(instant);
  return dt.isValid ? dt.toFormat('dd/MM/yyyy HH:mm') : instant;
}
