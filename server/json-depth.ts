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
