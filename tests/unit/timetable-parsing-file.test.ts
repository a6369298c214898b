import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  READ_TIMEOUT_MS,
  readTimetableFile,
  type ReadProgress,
  type SheetReaderRequest,
  type SheetReaderResponse,
  type SheetReaderWorker,
} from '../../src/features/planning/import/read-timetable-file';

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

  it('reads on the main thread when Web Workers are not available', async () => {
    vi.stubGlobal('Worker', undefined);
    const stages: string[] = [];
    const result = await readTimetableFile(fixtureFile('stacked-classes.xlsx'), {
      onProgress: (p) => stages.push(p.stage),
    });
    expect(result.ok && result.value.tables.map((t) => t.className)).toEqual(['BTS1 A', 'BTS1 B', 'BTS2']);
    expect(stages).toEqual(['loading', 'decoding', 'detecting']);
    expect(await readTimetableFile(fixtureFile('not-a-spreadsheet.xlsx'))).toMatchObject({
      ok: false,
      issues: [{ code: 'unsupported-format' }],
    });
  });

  it("gives a successful reading the file's grids too, to correct it with the guided mapping", async () => {
    vi.stubGlobal('Worker', undefined);
    const result = await readTimetableFile(fixtureFile('stacked-classes.xlsx'));
    expect(result.ok).toBe(true);
    expect(result.sheets?.length).toBeGreaterThan(0);
    const cells = (result.sheets ?? []).flatMap((sheet) => sheet.grid.flat().map(String));
    expect(cells.some((cell) => cell.includes('BTS1 A'))).toBe(true);
  });
});

describe('sheet-reader.worker', () => {
  it('reads the posted file and answers progress then the result', async () => {
    const posted: SheetReaderResponse[] = [];
    let listener: ((event: MessageEvent<SheetReaderRequest>) => void) | undefined;
    vi.stubGlobal('self', {
      postMessage: (message: SheetReaderResponse) => posted.push(message),
      addEventListener: (_type: string, handler: (event: MessageEvent<SheetReaderRequest>) => void) => {
        listener = handler;
      },
    });
    await import('../../src/features/planning/import/sheet-reader.worker');
    const file = fixtureFile('one-sheet-per-class.xlsx');
    listener?.({ data: { file, fileName: file.name } } as unknown as MessageEvent<SheetReaderRequest>);
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('result'));
    expect(
      posted.filter((m) => m.type === 'progress').map((m) => m.type === 'progress' && m.progress.stage),
    ).toEqual(['loading', 'decoding', 'detecting', 'detecting', 'detecting']);
    const last = posted.at(-1);
    expect(last?.type === 'result' && last.result.ok && last.result.value.tables).toHaveLength(3);

    // A malformed request is answered, not dropped.
    posted.length = 0;
    listener?.({ data: { fileName: 'x.xlsx' } } as unknown as MessageEvent<SheetReaderRequest>);
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('result'));
    expect(posted.at(-1)).toMatchObject({
      type: 'result',
      result: { ok: false, issues: [{ code: 'unreadable' }] },
    });
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
    expect(worker.received[0]).toEqual({ sheets: [{ sheetName: '5e C', grid: rows }], mappings: [saved] });
  });

  it('without Worker support, every sheet of the mapped shape is read with the mapping here', async () => {
    vi.stubGlobal('Worker', undefined);
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
      { mappings: [saved] },
    );
    expect(result.ok && result.mappedSheets).toEqual(['5e C', '5e D']);
    expect(result.ok && result.value.tables.map((t) => t.className)).toEqual(['5e C', '5e D']);
  });
});
