import { useRef, useState } from 'react';
import {
  importPeriodOf,
  validateImportForm,
  type ImportFormDraft,
  type ImportFormIssue,
  type ImportPeriod,
} from '../../../domain/planning/import-form';
import { mondaysOfMonth, weekStartDateOf } from '../../../domain/time/period';
import { tablesOfPeriod } from '../../../domain/planning/import-weeks';
import { datedWeeksOutside, importYearChoices } from '../../../domain/planning/import-year-choices';
import type { Timetable } from '../../../domain/store/schema';
import type { ParsedFile, SavedMapping, SheetGrid } from '../../../domain/timetable-parsing';
import { periodsWithoutBell } from '../../../domain/timetable-parsing/exports/bell-question';
import { useSavedMappings } from './import-mappings';
import { readIssueMessage } from './read-messages';
import { readTimetableFile, type KnownNameLists, type ReadProgress } from './read-timetable-file';
import { useImportData, type ImportData } from './use-import-data';

export interface ReadFile {
  fileName: string;
  period: ImportPeriod;
}

export interface NewImportCallbacks {
  /** A file read: its courses, and its grids to correct the reading with the guided mapping. */
  onParsed: (read: ReadFile & { parsed: ParsedFile; emptySheets: string[]; sheets: SheetGrid[] }) => void;
  onManual: (read: ReadFile & { sheets: SheetGrid[] }) => void;
}

export interface ReadFailure {
  message: string;
  manual: (ReadFile & { sheets: SheetGrid[] }) | null;
}

function initialDraft(now: Date): ImportFormDraft {
  const monday = weekStartDateOf(now);
  return {
    periodicity: 'week',
    year: now.getUTCFullYear(),
    month: now.getUTCMonth() + 1,
    weekStartDate: mondaysOfMonth(now.getUTCFullYear(), now.getUTCMonth() + 1).includes(monday)
      ? monday
      : null,
    hasFile: false,
  };
}

/** The rooms already kept on timetable slots, each once (the timetables are already loaded for the import). */
export function roomsOfTimetables(timetables: readonly Timetable[]): string[] {
  const rooms = new Set<string>();
  for (const timetable of timetables) {
    for (const slot of timetable.slots) {
      const room = slot.room?.trim();
      if (room) rooms.add(room);
    }
  }
  return [...rooms];
}

/** What the school already has, recognised first in the cells (spec part 2 point 5, beyond it). */
export function knownNameListsOf(data: ImportData | undefined): KnownNameLists | undefined {
  if (!data) return undefined;
  return {
    classes: data.classes.map((c) => c.code),
    modules: data.courseModules.flatMap((m) => [m.name, m.code]),
    teachers: data.users.map((u) => u.name),
    rooms: roomsOfTimetables(data.timetables),
  };
}

/**
 * The data of "Nouvel import" (spec part 2 point 2): the period and file form, then the reading in the
 * worker with the organisation's known names and saved layout mappings (a file of a saved shape is read
 * with its mapping, no question asked).
 */
export function useNewImport({ onParsed, onManual }: NewImportCallbacks) {
  const [now] = useState(() => new Date());
  const [draft, setDraft] = useState<ImportFormDraft>(() => initialDraft(now));
  const [file, setFileState] = useState<File | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [progress, setProgress] = useState<ReadProgress | null>(null);
  const [failure, setFailure] = useState<ReadFailure | null>(null);
  const abort = useRef<AbortController | null>(null);
  // The last reading, kept with its file: choosing another period then reads nothing again (issue 30).
  const lastRead = useRef<{ file: File; result: Awaited<ReturnType<typeof readTimetableFile>> } | null>(null);
  // The file's dated weeks when none is in the chosen period, and the period they were shown for.
  const [fileWeeks, setFileWeeks] = useState<{ mondays: string[]; periodKey: string } | null>(null);
  const data = useImportData();
  const savedMappings = useSavedMappings();
  // Untis' numbered periods without the school's bell: asked once (issue 30); declined, not again for this file.
  const [bellQuestion, setBellQuestion] = useState<number[] | null>(null);
  const bellDeclined = useRef<File | null>(null);
  const issues = validateImportForm({ ...draft, hasFile: file !== null });
  const isReading = progress !== null;

  const update = (changes: Partial<ImportFormDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setFailure(null);
  };
  const setFile = (next: File | null) => {
    setFileState(next);
    setFailure(null);
    setFileWeeks(null);
  };
  const isShown = (issue: ImportFormIssue) => isSubmitted && issues.includes(issue);

  const submit = async (withMappings: readonly SavedMapping[] = savedMappings) => {
    const mappings = [...withMappings];
    setIsSubmitted(true);
    setBellQuestion(null);
    const period = importPeriodOf(draft);
    if (issues.length > 0 || period === null || file === null) return;
    setFailure(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ stage: 'loading', sheetsDone: 0, sheetCount: 0 });
    const known = knownNameListsOf(data);
    const held = lastRead.current?.file === file ? lastRead.current.result : null;
    const result =
      held ??
      (await readTimetableFile(file, {
        onProgress: setProgress,
        signal: controller.signal,
        ...(known ? { known } : {}),
        mappings,
      }));
    abort.current = null;
    setProgress(null);
    if (controller.signal.aborted) return;
    lastRead.current = { file, result };
    const read = { fileName: file.name || 'import.xlsx', period };
    if (result.ok) {
      const asked = periodsWithoutBell(result.sheets ?? [], mappings);
      if (asked.length > 0 && bellDeclined.current !== file) {
        setBellQuestion(asked);
        return;
      }
      // A file dated outside the chosen period: its weeks are offered once; analysed again, it goes on as read.
      const periodKey = `${period.periodicity}|${period.year}|${period.month}|${period.weekStartDate ?? ''}`;
      const outside = datedWeeksOutside(result.value, period);
      if (outside.length > 0 && fileWeeks?.periodKey !== periodKey) {
        setFileWeeks({ mondays: outside, periodKey });
        return;
      }
      onParsed({
        ...read,
        // The chosen week (or month) of a file that dates several weeks.
        parsed: tablesOfPeriod(result.value, period),
        emptySheets: result.warnings.map((w) => w.sheetName),
        sheets: result.sheets ?? [],
      });
      return;
    }
    // Beyond the spec: a workbook read without any timetable can still be laid out by hand.
    const canMap = result.issues[0]?.code === 'empty' && result.sheets.length > 0;
    setFailure({
      message: readIssueMessage(result.issues),
      manual: canMap ? { ...read, sheets: result.sheets } : null,
    });
  };

  return {
    now,
    years: importYearChoices(now, fileWeeks?.mondays ?? []),
    fileWeeks: fileWeeks?.mondays ?? null,
    draft,
    update,
    setFile,
    isShown,
    progress,
    isReading,
    failure,
    submit: () => submit(),
    bellQuestion,
    savedMappings,
    /** The school's bell saved (read again with it), or declined (read with the default hours). */
    answerBell: (entry: SavedMapping | null) => {
      if (entry === null) bellDeclined.current = file;
      else lastRead.current = null;
      return submit(entry === null ? savedMappings : [entry, ...savedMappings]);
    },
    stop: () => abort.current?.abort(),
    openManual: () => {
      if (failure?.manual) onManual(failure.manual);
    },
  };
}

export type NewImportState = ReturnType<typeof useNewImport>;
