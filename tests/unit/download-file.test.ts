import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../src/services/export/download-file';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadFile (payroll sheets, statement PDFs, journal CSV, data export)', () => {
  it('clicks a temporary link named after the file, and revokes its URL ten seconds later', () => {
    vi.useFakeTimers();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { download: string; href: string; rel: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href, rel: this.rel, attached: this.isConnected });
    });
    const blob = new Blob(['a;b'], { type: 'text/csv' });

    downloadFile('journal-2026-11-27.csv', blob);

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { download: 'journal-2026-11-27.csv', href: 'blob:file-1', rel: 'noopener', attached: true },
    ]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    vi.advanceTimersByTime(9_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:file-1');
  });
});
