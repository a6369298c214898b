import { z } from 'zod';
import { LIST_MAPPING_ROLES, MAX_INDEX, type SavedMapping } from './types';

// ---------------------------------------------------------------------------------------------------------
// Schemas: the saved mappings arrive from the synced settings record, written by any device or version.

const index = z.number().int().min(0).max(MAX_INDEX);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const sheetLineSchema = z.object({ axis: z.enum(['row', 'column']), index });
const classNamingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('auto') }),
  z.object({ kind: z.literal('typed'), name: z.string().trim().min(1).max(120) }),
  z.object({ kind: z.literal('cell'), row: index, column: index }),
]);
/** A school day of 15-minute lines at most (the cells' own labels are proposed, one a line). */
export const MAX_BELL_PERIODS = 64;
const bellPeriodSchema = z
  .object({ label: z.string().max(40), start: hhmm, end: hhmm })
  .refine((p) => p.start < p.end);

export const layoutMappingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('grid'),
    days: sheetLineSchema,
    times: sheetLineSchema.nullable(),
    bell: z.array(bellPeriodSchema).max(MAX_BELL_PERIODS),
    firstCourse: z.object({ row: index, column: index }).nullable(),
    className: classNamingSchema,
    periodRows: z.number().int().min(1).max(12).optional(),
  }),
  z.object({
    kind: z.literal('list'),
    headerRow: index,
    columns: z.partialRecord(z.enum(LIST_MAPPING_ROLES), index),
    className: classNamingSchema,
  }),
]);

export const savedMappingSchema = z.object({
  fingerprint: z.string().min(1).max(64),
  mapping: layoutMappingSchema,
  savedAt: z.string().max(40),
});

/** The organisation keeps the most recent mappings only (the settings record has a size limit). */
export const MAX_SAVED_MAPPINGS = 12;

/** The valid saved mappings of an unknown value, newest first; what cannot be read is left out. */
export function parseSavedMappings(value: unknown): SavedMapping[] {
  if (!Array.isArray(value)) return [];
  const mappings: SavedMapping[] = [];
  for (const item of value.slice(0, 100)) {
    const parsed = savedMappingSchema.safeParse(item);
    if (parsed.success) mappings.push(parsed.data);
  }
  return mappings.sort((a, b) => b.savedAt.localeCompare(a.savedAt)).slice(0, MAX_SAVED_MAPPINGS);
}

/** The saved list with a new mapping first; an older one of the same shape is replaced. */
export function rememberMapping(saved: readonly SavedMapping[], entry: SavedMapping): SavedMapping[] {
  return [entry, ...parseSavedMappings(saved).filter((s) => s.fingerprint !== entry.fingerprint)].slice(
    0,
    MAX_SAVED_MAPPINGS,
  );
}
