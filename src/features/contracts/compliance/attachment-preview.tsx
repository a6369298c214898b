import { useEffect, useState } from 'react';
import { attachmentPreviewKind } from '../../../domain/contracts/attachments';
import type { Attachment } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';

/** The stored content ('data:<type>;base64,...' or bare base64) as a Blob, or null when unreadable. */
export function attachmentBlob(attachment: Pick<Attachment, 'contentBase64'>, type: string): Blob | null {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(attachment.contentBase64);
  const payload = match ? (match[3] ?? '') : attachment.contentBase64;
  try {
    const binary = atob(payload);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type: match?.[1] ?? type });
  } catch {
    return null;
  }
}

const MIME: Record<ReturnType<typeof attachmentPreviewKind>, string> = {
  image: 'image/*',
  pdf: 'application/pdf',
  download: 'application/octet-stream',
};

/**
 * An image, an embedded PDF, or a download link only. Blob URLs, not data URLs: Chromium refuses
 * top-level data: PDFs, and a blob URL is revoked when the dialog closes.
 */
export function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const t = fr.contracts.compliance;
  const kind = attachmentPreviewKind(attachment);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const blob = attachmentBlob(attachment, MIME[kind]);
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
  const label = `${fr.contracts.attachmentKinds[attachment.kind]} — ${attachment.name}`;
  return (
    <figure className="contracts-preview">
      <figcaption>{label}</figcaption>
      {url && kind === 'image' ? <img src={url} alt={label} /> : null}
      {url && kind === 'pdf' ? (
        <object data={url} type="application/pdf" aria-label={label}>
          <p>{t.pdfFallback}</p>
        </object>
      ) : null}
      {url ? (
        <a className="link-button" href={url} download={attachment.name}>
          {t.download}
        </a>
      ) : null}
    </figure>
  );
}
