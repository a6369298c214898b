/** Far deeper than any store (a record holds objects of a few levels); deeper answers 400 (issue: stalls). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text`'s arrays and objects nest deeper than `limit`, in one pass without parsing (brackets inside
 * strings do not count). Invalid JSON is left to the parser.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
}

/**
 * Whether a JSON text holds U+0000 in a string (its only spelling in valid JSON: the escape \u0000, a raw
 * control character being invalid). PostgreSQL stores no NUL in text: a sign-in e-mail or a mutation id
 * holding one answered a raw 500 there, while SQLite kept it. A backslash escaped itself (\\u0000) is no NUL.
 */
export function jsonHasNul(text: string): boolean {
  let at = text.indexOf('\\u0000');
  while (at >= 0) {
    let backslashes = 0;
    for (let i = at - 1; i >= 0 && text.charCodeAt(i) === 92; i -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return true;
    at = text.indexOf('\\u0000', at + 1);
  }
  return false;
}

/** Whether a value holds U+0000 in any of its strings or keys (a record's values). */
export function valueHasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(valueHasNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || valueHasNul(v));
  return false;
}
