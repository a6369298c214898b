/**
 * Decoding of text timetables (CSV, TXT) the same way in Node and in every browser: UTF-8, UTF-16 (Excel's
 * "Texte Unicode") and Windows-1252 (a CSV saved by French Excel). Windows-1252 uses this explicit table
 * rather than TextDecoder, whose 'windows-1252' decodes some bytes differently in Node 20 and in browsers.
 */

// Bytes 0x80-0x9F of Windows-1252; the five undefined bytes keep their C1 code point, as browsers do.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  const chunk: number[] = [];
  for (const byte of bytes) {
    chunk.push(byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] ?? byte) : byte);
    if (chunk.length === 4096) {
      text += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return text + String.fromCharCode(...chunk);
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** UTF-16 without a byte order mark: every other byte of Latin text is zero. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 512) & ~1);
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros += 1;
    if (sample[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.1) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.1) return 'utf-16be';
  return null;
}

/** The encoding of a text file: byte order mark first, then UTF-16 shape, then valid UTF-8, else Windows-1252. */
export function detectTextEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const utf16 = utf16WithoutBom(bytes);
  if (utf16 !== null) return utf16;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  let text = '';
  const chunk: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    chunk.push(littleEndian ? a | (b << 8) : (a << 8) | b);
    if (chunk.length === 4096) {
      text += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return text + String.fromCharCode(...chunk);
}

/** Decodes a text file to a string without its byte order mark. */
export function decodeTextBytes(
  bytes: Uint8Array,
  encoding: TextEncodingName = detectTextEncoding(bytes),
): string {
  let text: string;
  if (encoding === 'utf-16le') text = decodeUtf16(bytes, true);
  else if (encoding === 'utf-16be') text = decodeUtf16(bytes, false);
  else if (encoding === 'windows-1252') text = decodeWindows1252(bytes);
  else text = new TextDecoder('utf-8').decode(bytes);
  return text.replace(/^\uFEFF/, '');
}
