import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  READ_TIMEOUT_MS,
  readTimetableFile,
  type ReadProgress,
  type SheetReaderRequest,
  type SheetReaderWorker,
} from '../../src/features/planning/import/read-timetable-file';
import { readSheetRequest } from '../../src/services/sheets/read-sheet-request';
import type { SheetWorkerRequest, SheetWorkerResponse } from '../../src/services/sheets/sheet-worker';

function fixtureFile(name: string): File {
  return new File([readFileSync(join(process.cwd(), 'tests', 'fixtures', 'timetables', name))], name);
}

/** A stand-in for the Web Worker: the test decides what it answers, if anything. */
class FakeWorker implements SheetReaderWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent<unknown>) => void) | null = null;
  received: SheetReaderRequest[] = [];
  isTerminated = false;

  constructor(private readonly answer: (worker: FakeWorker) => void = () => undefined) {}

  postMessage(message: SheetReaderRequest): void {
    this.received.push(message);
    queueMicrotask(() => this.answer(this));
  }

  send(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent<unknown>);
  }

  terminate(): void {
    this.isTerminated = true;
  }
}

/** The sheet worker's reading, run in this process: what the real worker answers, without a thread. */
class InProcessWorker extends FakeWorker {
  constructor() {
    super((w) => {
      const request = w.received.at(-1);
      if (request === undefined) return;
      void readSheetRequest(request, (progress) => w.send({ type: 'progress', progress })).then((result) =>
        w.send({ type: 'result', result }),
      );
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('readTimetableFile (worker wrapper)', () => {
  it('posts the file, relays progress, resolves with the result and ends the worker', async () => {
    const worker = new FakeWorker((w) => {
      w.send({ type: 'progress', progress: { stage: 'detecting', sheetsDone: 1, sheetCount: 2 } });
      w.send({ something: 'else' });
      w.send({ type: 'result', result: { ok: false, issues: [{ code: 'empty' }], sheets: [] } });
    });
    const progress: ReadProgress[] = [];
    const file = new File(['x'], 'planning.xlsx');
    const result = await readTimetableFile(file, {
      createWorker: () => worker,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ ok: false, issues: [{ code: 'empty' }], sheets: [] });
    expect(progress).toEqual([{ stage: 'detecting', sheetsDone: 1, sheetCount: 2 }]);
    expect(worker.received[0]?.fileName).toBe('planning.xlsx');
    expect(worker.isTerminated).toBe(true);
  });

  it('gives up after the time-out (60 s by default) instead of hanging', async () => {
    expect(READ_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const pending = readTimetableFile(new File(['x'], 'big.xlsx'), { createWorker: () => worker });
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    expect(worker.isTerminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, issues: [{ code: 'timeout' }], sheets: [] });
    expect(worker.isTerminated).toBe(true);
  });

  it('resolves as unreadable when the worker crashes, cannot start, or the read is aborted', async () => {
    const crashing = new FakeWorker((w) =>
      w.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent),
    );
    expect(await readTimetableFile(new File(['x'], 'a.xlsx'), { createWorker: () => crashing })).toEqual({
      ok: false,
      issues: [{ code: 'unreadable', reason: 'boom' }],
      sheets: [],
    });
    const failing = () => {
      throw new Error('no worker');
    };
    expect(await readTimetableFile(new File(['x'], 'a.xlsx'), { createWorker: failing })).toMatchObject({
      ok: false,
      issues: [{ code: 'unreadable', reason: 'no worker' }],
    });
    const controller = new AbortController();
    const silent = new FakeWorker(() => controller.abort());
    expect(
      await readTimetableFile(new File(['x'], 'a.xlsx'), {
        createWorker: () => silent,
        signal: controller.signal,
      }),
    ).toMatchObject({
      ok: false,
      issues: [{ code: 'unreadable', reason: 'aborted' }],
    });
    expect(silent.isTerminated).toBe(true);
  });

  it('a throwing progress callback does not stop the read', async () => {
    const worker = new FakeWorker((w) => {
      w.send({ type: 'progress', progress: { stage: 'loading', sheetsDone: 0, sheetCount: 0 } });
      w.send({ type: 'result', result: { ok: false, issues: [{ code: 'empty' }], sheets: [] } });
    });
    const onProgress = () => {
      throw new Error('display failed');
    };
    expect(
      await readTimetableFile(new File(['x'], 'a.xlsx'), { createWorker: () => worker, onProgress }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('reads a real file through the sheet worker, progress first', async () => {
    const stages: string[] = [];
    const result = await readTimetableFile(fixtureFile('stacked-classes.xlsx'), {
      createWorker: () => new InProcessWorker(),
      onProgress: (p) => stages.push(p.stage),
    });
    expect(result.ok && result.value.tables.map((t) => t.className)).toEqual(['BTS1 A', 'BTS1 B', 'BTS2']);
    expect(stages).toEqual(['loading', 'decoding', 'detecting']);
    expect(
      await readTimetableFile(fixtureFile('not-a-spreadsheet.xlsx'), {
        createWorker: () => new InProcessWorker(),
      }),
    ).toMatchObject({ ok: false, issues: [{ code: 'unsupported-format' }] });
  });

  it('without Worker support answers "unreadable": SheetJS is never bundled for the main thread', async () => {
    vi.stubGlobal('Worker', undefined);
    expect(await readTimetableFile(fixtureFile('stacked-classes.xlsx'))).toEqual({
      ok: false,
      issues: [{ code: 'unreadable', reason: 'worker-unavailable' }],
      sheets: [],
    });
  });

  it("gives a successful reading the file's grids too, to correct it with the guided mapping", async () => {
    const result = await readTimetableFile(fixtureFile('stacked-classes.xlsx'), {
      createWorker: () => new InProcessWorker(),
    });
    expect(result.ok).toBe(true);
    expect(result.sheets?.length).toBeGreaterThan(0);
    const cells = (result.sheets ?? []).flatMap((sheet) => sheet.grid.flat().map(String));
    expect(cells.some((cell) => cell.includes('BTS1 A'))).toBe(true);
  });
});

describe('sheet.worker (reads timetables, writes payroll files: the one SheetJS copy)', () => {
  async function startWorker() {
    const posted: SheetWorkerResponse[] = [];
    let listener: ((event: MessageEvent<SheetWorkerRequest>) => void) | undefined;
    vi.stubGlobal('self', {
      postMessage: (message: SheetWorkerResponse) => posted.push(message),
      addEventListener: (_type: string, handler: (event: MessageEvent<SheetWorkerRequest>) => void) => {
        listener = handler;
      },
    });
    vi.resetModules();
    await import('../../src/services/sheets/sheet.worker');
    const post = (data: unknown) => listener?.({ data } as MessageEvent<SheetWorkerRequest>);
    return { posted, post };
  }

  it('reads the posted file and answers progress then the result', async () => {
    const { posted, post } = await startWorker();
    const file = fixtureFile('one-sheet-per-class.xlsx');
    post({ kind: 'read', file, fileName: file.name });
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('result'));
    expect(
      posted.filter((m) => m.type === 'progress').map((m) => m.type === 'progress' && m.progress.stage),
    ).toEqual(['loading', 'decoding', 'detecting', 'detecting', 'detecting']);
    const last = posted.at(-1);
    expect(last?.type === 'result' && last.result.ok && last.result.value.tables).toHaveLength(3);

    // A malformed request is answered, not dropped.
    posted.length = 0;
    post({ fileName: 'x.xlsx' });
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('result'));
    expect(posted.at(-1)).toMatchObject({
      type: 'result',
      result: { ok: false, issues: [{ code: 'unreadable' }] },
    });
    posted.length = 0;
    post(null);
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('result'));
  });

  it('writes a payroll workbook as xlsx (hours as numbers with two decimals) and as csv', async () => {
    const { posted, post } = await startWorker();
    const workbook = {
      fileBase: 'heures-2026-11-16_2026-11-22',
      title: 'École test · du 16/11/2026 au 22/11/2026',
      csvLead: { header: ['Organisation'], values: ['École test'] },
      sheets: [
        {
          key: 'sessions' as const,
          name: 'Synthèse',
          header: ['Enseignant', 'Heures', 'Montant'],
          rows: [
            ['Ada Lovelace', 1.5, 15000],
            ['Total', 1.5, 15000],
          ],
          hourColumns: [1],
          amountColumns: [2],
        },
      ],
    };
    post({ kind: 'write', format: 'xlsx', workbook });
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('written'));
    const written = posted.at(-1);
    const XLSX = await import('xlsx');
    const book = XLSX.read(new Uint8Array(written?.type === 'written' ? written.bytes : new ArrayBuffer(0)));
    const sheet = book.Sheets['Synthèse'];
    expect(sheet?.B2).toMatchObject({ t: 'n', v: 1.5, w: '1.50' });
    expect(sheet?.A2).toMatchObject({ v: 'Ada Lovelace' });
    expect(sheet?.C2).toMatchObject({ t: 'n', v: 15000, w: '15,000' });
    expect(book.Props?.Title).toBe(workbook.title);

    post({ kind: 'write', format: 'csv', workbook });
    await vi.waitFor(() => expect(posted.length).toBe(2));
    const csv = posted.at(-1);
    const text = new TextDecoder().decode(csv?.type === 'written' ? csv.bytes : new ArrayBuffer(0));
    expect(text).toContain('École test;Ada Lovelace');

    post({ kind: 'write', format: 'xlsx', workbook: { fileBase: 'x', sheets: null } });
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('failed'));
  });
});

describe('readSheetsWithMappings (guided mapping applied to the whole workbook)', () => {
  const rows = [
    ['Classe : 5e C'],
    ['', 'Lundi', 'Mardi', 'Mercredi'],
    ['', 'Maths\nM. Dupont', '', ''],
    ['', '', 'Français\nMme Leroy', ''],
  ];
  const mapping = {
    kind: 'grid' as const,
    days: { axis: 'row' as const, index: 1 },
    times: null,
    bell: [
      { label: '1', start: '08:00', end: '09:00' },
      { label: '2', start: '09:00', end: '10:00' },
    ],
    firstCourse: { row: 2, column: 1 },
    className: { kind: 'auto' as const },
  };

  it('posts the sheets and the mappings to the worker', async () => {
    const worker = new FakeWorker((w) =>
      w.send({ type: 'result', result: { ok: false, issues: [{ code: 'empty' }], sheets: [] } }),
    );
    const { readSheetsWithMappings } = await import('../../src/features/planning/import/read-timetable-file');
    const saved = { fingerprint: 'f', mapping, savedAt: '2024-09-02T10:00:00.000Z' };
    await readSheetsWithMappings([{ sheetName: '5e C', grid: rows }], {
      createWorker: () => worker,
      mappings: [saved],
    });
    expect(worker.received[0]).toEqual({
      kind: 'read',
      sheets: [{ sheetName: '5e C', grid: rows }],
      mappings: [saved],
    });
  });

  it('in the sheet worker, every sheet of the mapped shape is read with the mapping', async () => {
    const { readSheetsWithMappings } = await import('../../src/features/planning/import/read-timetable-file');
    const { shapeFingerprint } = await import('../../src/domain/timetable-parsing');
    const saved = {
      fingerprint: shapeFingerprint({ rows }, mapping),
      mapping,
      savedAt: '2024-09-02T10:00:00.000Z',
    };
    const other = [['Classe : 5e D'], ...rows.slice(1)];
    const result = await readSheetsWithMappings(
      [
        { sheetName: '5e C', grid: rows },
        { sheetName: '5e D', grid: other },
      ],
      { mappings: [saved], createWorker: () => new InProcessWorker() },
    );
    expect(result.ok && result.mappedSheets).toEqual(['5e C', '5e D']);
    expect(result.ok && result.value.tables.map((t) => t.className)).toEqual(['5e C', '5e D']);
  });
});
