import { useEffect, useState } from 'react';
import { attachmentPreviewKind, provenAttachmentType } from '../../../domain/contracts/attachments';
import type { Attachment } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';

/**
 * The stored content ('data:<type>;base64,...' or bare base64) as a Blob of the type its bytes prove
 * (domain/contracts/attachments provenAttachmentType: never the stored data URL's, which its author wrote),
 * or null when unreadable.
 */
export function attachmentBlob(
  attachment: Pick<Attachment, 'contentBase64'>,
  type: string = provenAttachmentType(attachment.contentBase64),
): Blob | null {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(attachment.contentBase64);
  const payload = match ? (match[3] ?? '') : attachment.contentBase64;
  try {
    const binary = atob(payload);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type });
  } catch {
    return null;
  }
}

const PDF_SIGNATURE = '%PDF-';

/**
 * The blob a PDF preview frames: always typed application/pdf (whatever the stored data URL claims) and only
 * for content that starts like a PDF. The frame is same-origin (blob:), so this is what keeps an HTML or SVG
 * payload named .pdf from ever being parsed as a document at the app's origin: the browser hands an
 * application/pdf blob to its PDF viewer, which renders it out of the page.
 */
export async function pdfPreviewBlob(attachment: Pick<Attachment, 'contentBase64'>): Promise<Blob | null> {
  const blob = attachmentBlob(attachment, 'application/pdf');
  if (!blob) return null;
  const head = await blob.slice(0, PDF_SIGNATURE.length).text();
  return head === PDF_SIGNATURE ? new Blob([blob], { type: 'application/pdf' }) : null;
}

/**
 * An image, a framed PDF, or a download link only. Blob URLs, not data URLs: Chromium refuses top-level
 * data: PDFs, and a blob URL is revoked when the dialog closes. The app's security policy allows frames of
 * blob: URLs only (`frame-src blob:`; `object-src 'none'` stays). Chromium refuses to show a PDF in a
 * sandboxed frame, so the frame is not sandboxed: `pdfPreviewBlob` is what keeps it a PDF.
 */
export function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const t = fr.contracts.compliance;
  const kind = attachmentPreviewKind(attachment);
  const [url, setUrl] = useState<string | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const blob = attachmentBlob(attachment);
    if (!blob) return undefined;
    // Each effect run owns its URL (StrictMode runs effects twice); the state follows a microtask later.
    const objectUrl = URL.createObjectURL(blob);
    let isLive = true;
    void Promise.resolve().then(() => {
      if (isLive) setUrl(objectUrl);
    });
    return () => {
      isLive = false;
      URL.revokeObjectURL(objectUrl);
    };
  }, [attachment, kind]);
  useEffect(() => {
    if (kind !== 'pdf') return undefined;
    let isLive = true;
    let objectUrl: string | null = null;
    void pdfPreviewBlob(attachment).then((blob) => {
      if (!isLive) return;
      objectUrl = blob ? URL.createObjectURL(blob) : null;
      setPdfUrl(objectUrl);
    });
    return () => {
      isLive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment, kind]);
  const label = `${fr.contracts.attachmentKinds[attachment.kind]} — ${attachment.name}`;
  return (
    <figure className="contracts-preview">
      <figcaption>{label}</figcaption>
      {url && kind === 'image' ? <img src={url} alt={label} /> : null}
      {kind === 'pdf' && pdfUrl ? (
        <iframe className="contracts-pdf" src={pdfUrl} title={label} referrerPolicy="no-referrer" />
      ) : null}
      {kind === 'pdf' && pdfUrl === null ? <p className="hint">{t.pdfFallback}</p> : null}
      {url ? (
        <a className="link-button" href={url} download={attachment.name}>
          {t.download}
        </a>
      ) : null}
    </figure>
  );
}
