import { z } from 'zod';
import { storeV1Schema } from '../../domain/store/schema';

export interface ShapeIssue {
  /** Where in the file, e.g. `users[3].status`. */
  path: string;
  message: string;
}

export interface ShapeIssues {
  total: number;
  first: ShapeIssue[];
}

const SHOWN_ISSUES = 5;

// zod's own French messages ("Option invalide : une valeur parmi … attendue"); the schema's custom
// messages (dates, times) take precedence over them.
const frenchErrors = z.locales.fr().localeError;

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out === '' ? String(key) : `${out}.${String(key)}`;
  }, '');
}

/** The first problems of a file that failed the store schema, in French, for the Données screen. */
export function describeShapeIssues(json: unknown): ShapeIssues {
  const parsed = storeV1Schema.safeParse(json, { error: frenchErrors });
  if (parsed.success) return { total: 0, first: [] };
  const issues = parsed.error.issues;
  return {
    total: issues.length,
    first: issues.slice(0, SHOWN_ISSUES).map((i) => ({ path: formatPath(i.path), message: i.message })),
  };
}
