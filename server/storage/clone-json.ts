/**
 * A deep copy of a value made of what JSON carries (plain objects, arrays, strings, numbers, booleans,
 * null; an undefined property stays), several times faster than structuredClone on the small records of a
 * push (issue 31: structuredClone was 4 % of a check-in batch's CPU). Anything else (a Date, a Map, a class
 * instance) goes through structuredClone, so the copy is never less faithful.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneJson((value as Record<string, unknown>)[key]);
  return copy as T;
}

/**
 * Freezes a value made of what JSON carries, deeply, and answers it: shared without copying (a write group's
 * records, SyncTransaction.peekRecord), a mistaken change throws instead of altering what others read.
 */
export function freezeJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) freezeJson(item);
  return Object.freeze(value);
}
