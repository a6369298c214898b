import type { Attachment } from '../store/schema';

// spec part 2 point 5 and 9: uploads up to 3,000,000 bytes, images and PDF only.
export const UPLOAD_MAX_BYTES = 3_000_000;
export const ATTACHMENT_KINDS = ['id', 'rib', 'attestation'] as const satisfies readonly Attachment['kind'][];

const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  heic: 'image/heic',
  heif: 'image/heif',
};
const PDF_MIME = 'application/pdf';

export type AttachmentError = 'unsupported-type' | 'too-large' | 'empty';
export type AttachmentCheck =
  { ok: true; value: { mimeType: string } } | { ok: false; code: AttachmentError };

/** The file's media type: the browser's when it knows it, else from the extension. */
export function attachmentMimeType(file: { name: string; type?: string | null }): string {
  const declared = (file.type ?? '').toLowerCase();
  if (declared) return declared;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (extension === 'pdf') return PDF_MIME;
  return IMAGE_EXTENSIONS[extension] ?? '';
}

/**
 * spec part 2 point 5: images and PDF accepted, at most 3,000,000 bytes (3,000,000 passes, 3,000,001 is
 * 'too-large'). SVG is refused: it is a document that can carry scripts, not a photo of a paper.
 */
export function checkAttachment(file: { name: string; type?: string | null; size: number }): AttachmentCheck {
  const mimeType = attachmentMimeType(file);
  const isImage = mimeType.startsWith('image/') && mimeType !== 'image/svg+xml';
  if (!isImage && mimeType !== PDF_MIME) return { ok: false, code: 'unsupported-type' };
  if (file.size <= 0) return { ok: false, code: 'empty' };
  if (file.size > UPLOAD_MAX_BYTES) return { ok: false, code: 'too-large' };
  return { ok: true, value: { mimeType } };
}

/**
 * How the detail dialog shows an attachment: an image, an embedded PDF, or a download link. Decided by what
 * the bytes prove (sniffAttachment), never by the stored data URL's type or the name: "BM" followed by HTML
 * under `data:text/html` was shown as an image and its blob kept the HTML type.
 */
export function attachmentPreviewKind(
  attachment: Pick<Attachment, 'name' | 'contentBase64'>,
): 'image' | 'pdf' | 'download' {
  const mimeType = sniffAttachment(attachment.contentBase64);
  if (mimeType === PDF_MIME) return 'pdf';
  return mimeType ? 'image' : 'download';
}

/** The type a preview or download blob of this content takes: the proven one, else opaque bytes. */
export function provenAttachmentType(contentBase64: string): string {
  return sniffAttachment(contentBase64) ?? 'application/octet-stream';
}

/** The base64 payload of an attachment stored as a data URL or as bare base64. */
function base64Payload(contentBase64: string): string {
  const comma = contentBase64.startsWith('data:') ? contentBase64.indexOf(',') : -1;
  return (comma >= 0 ? contentBase64.slice(comma + 1) : contentBase64).replace(/\s+/g, '');
}

/** Decoded size of base64 text, without decoding it. */
export function decodedSize(contentBase64: string): number {
  const payload = base64Payload(contentBase64);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
}

function firstBytes(contentBase64: string, count: number): number[] | null {
  const head = base64Payload(contentBase64).slice(0, Math.ceil(count / 3) * 4);
  try {
    const text = atob(head);
    return Array.from(text, (c) => c.charCodeAt(0)).slice(0, count);
  } catch {
    return null;
  }
}

const startsWith = (bytes: readonly number[], prefix: readonly number[], at = 0) =>
  prefix.every((b, i) => bytes[at + i] === b);
/** Little-endian 32-bit unsigned integer at `at` (NaN past the end). */
const uint32At = (bytes: readonly number[], at: number) =>
  bytes.length < at + 4
    ? NaN
    : (bytes[at] ?? 0) +
      (bytes[at + 1] ?? 0) * 2 ** 8 +
      (bytes[at + 2] ?? 0) * 2 ** 16 +
      (bytes[at + 3] ?? 0) * 2 ** 24;
/** The DIB header sizes of real bitmaps (BITMAPCOREHEADER ... BITMAPV5HEADER). */
const BMP_DIB_SIZES: ReadonlySet<number> = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/**
 * A Windows bitmap: "BM", the file size, four reserved zero bytes, the pixel offset (after the 14-byte file
 * header and the DIB header) and a known DIB header size. "BM" alone is two letters any text may start with.
 */
function isBitmap(bytes: readonly number[]): boolean {
  if (!startsWith(bytes, ascii('BM')) || !startsWith(bytes, [0, 0, 0, 0], 6)) return false;
  const dib = uint32At(bytes, 14);
  const offset = uint32At(bytes, 10);
  return BMP_DIB_SIZES.has(dib) && offset >= 14 + dib && uint32At(bytes, 2) > offset;
}
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'];

/**
 * What the bytes are, whatever the name says (spec part 2 point 5: images and PDF only): PDF, PNG, JPEG,
 * GIF, WebP, BMP and HEIF/HEIC, the formats checkAttachment lets a device pick. Anything else (HTML saved as
 * rib.pdf, SVG, scripts) is null.
 */
export function sniffAttachment(contentBase64: string): string | null {
  const bytes = firstBytes(contentBase64, 18);
  if (!bytes || bytes.length < 4) return null;
  if (startsWith(bytes, ascii('%PDF-'))) return PDF_MIME;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // SOI then a marker (APPn, DQT, SOF, COM...): 0xFF 0xD8 0xFF followed by text is not a photo.
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && (bytes[3] ?? 0) >= 0xc0 && bytes[3] !== 0xff)
    return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBPVP8'), 8)) return 'image/webp';
  if (isBitmap(bytes)) return 'image/bmp';
  if (startsWith(bytes, ascii('ftyp'), 4) && HEIF_BRANDS.some((b) => startsWith(bytes, ascii(b), 8)))
    return 'image/heic';
  return null;
}

/** Why stored attachment content is refused (null: accepted): by its bytes and its decoded size. */
export function attachmentContentProblem(
  attachment: Pick<Attachment, 'contentBase64'>,
): AttachmentError | null {
  const size = decodedSize(attachment.contentBase64);
  if (size <= 0) return 'empty';
  if (size > UPLOAD_MAX_BYTES) return 'too-large';
  return sniffAttachment(attachment.contentBase64) ? null : 'unsupported-type';
}
