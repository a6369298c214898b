/**
 * How many rows of a page fit in `maxBytes` of data, from their sizes in order: the first always comes (a
 * record larger than the cap still travels, alone), then each while the running total stays within the cap.
 * Storages read the sizes first (octet_length: no data loaded), then only the rows that fit.
 */
export function rowsWithin(sizes: readonly number[], maxBytes: number): number {
  let total = 0;
  let count = 0;
  for (const size of sizes) {
    if (count > 0 && total + size > maxBytes) break;
    total += size;
    count += 1;
  }
  return count;
}

/** Bytes of UTF-8 text, as octet_length counts them. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
