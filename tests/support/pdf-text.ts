/**
 * The text lines of an uncompressed PDF as jsPDF writes it (the payroll statement): each `(…) Tj` string,
 * decoded from WinAnsi (windows-1252, the encoding of the standard fonts), in the order drawn. Enough to read
 * back the figures a test wrote, without a PDF reader installed on the machine.
 */
export function pdfTextRuns(bytes: Uint8Array | ArrayBuffer): string[] {
  // One character per byte (TextDecoder's 'latin1' is windows-1252 and would decode twice).
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let raw = '';
  for (let i = 0; i < view.length; i += 4096)
    raw += String.fromCharCode(...view.subarray(i, Math.min(i + 4096, view.length)));
  const runs: string[] = [];
  for (const match of raw.matchAll(/\(((?:[^()\\]|\\[\s\S])*)\)\s*Tj/g)) {
    const body = (match[1] ?? '').replace(/\\([0-7]{1,3}|[\s\S])/g, (_all, esc: string) => {
      if (/^[0-7]+$/.test(esc)) return String.fromCharCode(parseInt(esc, 8));
      return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[esc] ?? esc;
    });
    const codes = Uint8Array.from(body, (c) => c.charCodeAt(0) & 0xff);
    runs.push(new TextDecoder('windows-1252').decode(codes));
  }
  return runs;
}
