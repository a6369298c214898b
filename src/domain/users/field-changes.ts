import { formFieldLabel } from '../form-fields';
import { UNJOURNALED_USER_FIELDS } from './secret-fields';
import type { FieldChange, User } from '../store/schema';

/** Never journaled, never compared: secrets and their bookkeeping (the one list: ./secret-fields). */
const SECRET_FIELDS = UNJOURNALED_USER_FIELDS;

const TOP_LABELS: Record<string, string> = {
  name: 'Nom complet',
  email: 'Email',
  profileId: 'Profil',
  status: 'Statut',
};

export interface NameLookups {
  profiles: ReadonlyMap<string, string>;
  institutes: ReadonlyMap<string, string>;
  levels: ReadonlyMap<string, string>;
}

const STATUS_LABELS: Record<string, string> = { Active: 'Actif', Inactive: 'Inactif', Archived: 'Archivé' };

function readable(key: string, value: unknown, names: NameLookups): unknown {
  if (value === undefined || value === null || value === '') return '';
  if (key === 'profileId' && typeof value === 'string') return names.profiles.get(value) ?? value;
  if (key === 'status' && typeof value === 'string') return STATUS_LABELS[value] ?? value;
  const lookup = key === 'instituteIds' ? names.institutes : key === 'levelIds' ? names.levels : null;
  if (lookup && Array.isArray(value)) {
    const ids: unknown[] = value;
    return ids.map((id) => (typeof id === 'string' ? (lookup.get(id) ?? id) : '')).join(', ');
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
}

/**
 * Before/after pairs of an edit, labelled from the form field catalogue, with ids turned into names.
 * Secrets never appear (spec part 2 point 3, journal).
 */
export function userFieldChanges(before: User | null, after: User, names: NameLookups): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of ['name', 'email', 'profileId', 'status'] as const) {
    if (!same(before?.[key], after[key])) {
      changes.push({
        key,
        label: TOP_LABELS[key],
        before: readable(key, before?.[key], names),
        after: readable(key, after[key], names),
      });
    }
  }
  const prevExtra = before?.extra ?? {};
  const nextExtra = after.extra ?? {};
  const keys = [...new Set([...Object.keys(prevExtra), ...Object.keys(nextExtra)])]
    .filter((k) => !SECRET_FIELDS.has(k))
    .sort();
  for (const key of keys) {
    if (!same(prevExtra[key], nextExtra[key])) {
      changes.push({
        key,
        label: formFieldLabel(key),
        before: readable(key, prevExtra[key], names),
        after: readable(key, nextExtra[key], names),
      });
    }
  }
  return changes;
}
