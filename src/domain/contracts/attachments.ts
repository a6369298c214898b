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

/** How the detail dialog shows an attachment: an image, an embedded PDF, or a download link. */
export function attachmentPreviewKind(
  attachment: Pick<Attachment, 'name' | 'contentBase64'>,
): 'image' | 'pdf' | 'download' {
  const dataUrl = /^data:([^;,]+)[;,]/.exec(attachment.contentBase64);
  const mimeType = dataUrl?.[1]?.toLowerCase() ?? attachmentMimeType({ name: attachment.name });
  if (mimeType === PDF_MIME) return 'pdf';
  if (mimeType.startsWith('image/') && mimeType !== 'image/svg+xml') return 'image';
  return 'download';
}
