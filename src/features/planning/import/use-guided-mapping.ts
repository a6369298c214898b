import { useMemo, useState } from 'react';
import { appDb } from '../../../db/database';
import {
  applyMapping,
  cellReference,
  countCourses,
  diagnoseMapping,
  findSavedMapping,
  formatBellSchedule,
  normalizeGrid,
  parseBellSchedule,
  parseCellReference,
  pointAt,
  proposeBell,
  shapeFingerprint,
  suggestMapping,
  type CellPosition,
  type ClassNaming,
  type GridMapping,
  type LayoutMapping,
  type ListMapping,
  type ParsedFile,
  type PointRole,
  type SavedMapping,
  type SheetGrid,
} from '../../../domain/timetable-parsing';
import { useSignedInSession } from '../../../session/use-session';
import { saveImportMapping } from '../../../services/planning-import';
import { readSheetsWithMappings } from './read-timetable-file';
import { useImportData } from './use-import-data';
import { knownNameListsOf } from './use-new-import';
import { knownNamesOf } from '../../../services/sheets/known-names';

const EMPTY_GRID: GridMapping = {
  kind: 'grid',
  days: { axis: 'row', index: 0 },
  times: null,
  bell: [],
  firstCourse: null,
  className: { kind: 'auto' },
};
const EMPTY_LIST: ListMapping = { kind: 'list', headerRow: 0, columns: {}, className: { kind: 'auto' } };

const NEXT_ROLE: Record<PointRole, PointRole> = {
  days: 'times',
  times: 'first',
  first: 'class',
  class: 'class',
};

/** The mapping a reading used: the sheet it was pointed on, and the choices. */
export interface MappingInUse {
  sheetIndex: number;
  mapping: LayoutMapping;
}

function startOf(rows: readonly string[][], mapping?: LayoutMapping) {
  const start = mapping ?? suggestMapping({ rows });
  return start.kind === 'list'
    ? { kind: 'list' as const, grid: EMPTY_GRID, list: start }
    : { kind: 'grid' as const, grid: start, list: EMPTY_LIST };
}

/** The organisation's saved mapping that read one of these sheets (the first sheet of a saved shape). */
export function savedMappingOf(
  sheets: readonly SheetGrid[],
  saved: readonly SavedMapping[],
): MappingInUse | null {
  if (saved.length === 0) return null;
  for (const [sheetIndex, sheet] of sheets.entries()) {
    const found = findSavedMapping({ rows: normalizeGrid(sheet.grid) }, saved);
    if (found !== null) return { sheetIndex, mapping: found.mapping };
  }
  return null;
}

export type ApplyOutcome =
  { ok: true; parsed: ParsedFile; saved: boolean; used: MappingInUse } | { ok: false };

/**
 * The data of the guided mapping: the sheet shown, the mapping being built (grid or list), the bell
 * schedule typed, the class name, and the courses the mapping reads on that sheet, recomputed as the user
 * points. "Utiliser ces choix" saves the mapping for the organisation and reads the whole workbook again
 * with it in the worker.
 */
export function useGuidedMapping(sheets: readonly SheetGrid[], initial: MappingInUse | null = null) {
  const [sheetIndex, setSheetIndex] = useState(() =>
    initial !== null && initial.sheetIndex < sheets.length ? initial.sheetIndex : 0,
  );
  const sheet = sheets[sheetIndex] ?? sheets[0];
  const rows = useMemo(() => normalizeGrid(sheet?.grid ?? []), [sheet]);
  // "Corriger la lecture…" opens on the mapping in use, its bell and class name included.
  const initialMapping = initial?.sheetIndex === sheetIndex ? initial.mapping : undefined;
  const [state, setState] = useState(() => startOf(rows, initialMapping));
  const [bellText, setBellText] = useState(() =>
    initialMapping?.kind === 'grid' ? formatBellSchedule(initialMapping.bell) : '',
  );
  const [className, setClassName] = useState(() =>
    initialMapping?.className.kind === 'typed' ? initialMapping.className.name : '',
  );
  const [firstDraft, setFirstDraft] = useState<string | null>(null);
  const [pointing, setPointing] = useState<PointRole>('days');
  const [isApplying, setIsApplying] = useState(false);
  const data = useImportData();
  const session = useSignedInSession();
  const bell = useMemo(() => parseBellSchedule(bellText), [bellText]);
  const known = useMemo(() => knownNameListsOf(data), [data]);

  const naming: ClassNaming =
    className.trim() !== ''
      ? { kind: 'typed', name: className.trim() }
      : state.kind === 'grid'
        ? state.grid.className
        : state.list.className;
  const mapping: LayoutMapping =
    state.kind === 'grid'
      ? { ...state.grid, bell: bell.periods, className: naming }
      : { ...state.list, className: naming };
  // The mapping object is rebuilt each render; its JSON says when it really changed.
  const mappingKey = JSON.stringify(mapping);
  const tables = useMemo(() => {
    if (sheet === undefined) return [];
    const parsed = JSON.parse(mappingKey) as LayoutMapping;
    return applyMapping({ sheetName: sheet.sheetName, rows, merges: sheet.merges }, parsed, {
      known: knownNamesOf(known),
    });
  }, [sheet, rows, mappingKey, known]);

  const setGrid = (update: (grid: GridMapping) => GridMapping) =>
    setState((s) => ({ ...s, grid: update(s.grid) }));
  const setList = (update: (list: ListMapping) => ListMapping) =>
    setState((s) => ({ ...s, list: update(s.list) }));

  const firstText =
    firstDraft ?? (state.grid.firstCourse === null ? '' : cellReference(state.grid.firstCourse));
  const isFirstInvalid =
    firstDraft !== null && firstDraft.trim() !== '' && parseCellReference(firstDraft) === null;

  const problems = useMemo(
    () => (countCourses(tables) > 0 ? [] : diagnoseMapping(rows, JSON.parse(mappingKey) as LayoutMapping)),
    [tables, rows, mappingKey],
  );

  return {
    sheets,
    sheetIndex,
    rows,
    kind: state.kind,
    grid: state.grid,
    list: state.list,
    mapping,
    bellText,
    bell,
    className,
    pointing,
    tables,
    courses: countCourses(tables),
    problems,
    /** Fills the bell schedule with the time line's own labels (or one period per course line). */
    proposeBell: () => {
      if (state.kind !== 'grid') return 0;
      const periods = proposeBell(rows, state.grid);
      setBellText(formatBellSchedule(periods));
      return periods.length;
    },
    firstText,
    isFirstInvalid,
    isApplying,
    selectSheet: (index: number) => {
      setSheetIndex(index);
      setState(startOf(normalizeGrid(sheets[index]?.grid ?? [])));
      setFirstDraft(null);
    },
    setKind: (kind: 'grid' | 'list') => setState((s) => ({ ...s, kind })),
    setGrid,
    setList,
    setBellText,
    setClassName,
    setPointing,
    setFirstText: (text: string) => {
      const position = parseCellReference(text);
      if (text.trim() === '' || position !== null) {
        setGrid((g) => ({ ...g, firstCourse: position }));
        setFirstDraft(null);
      } else setFirstDraft(text);
    },
    point: (cell: CellPosition) => {
      if (pointing === 'class') setClassName('');
      setGrid((g) => pointAt(g, rows, pointing, cell));
      setFirstDraft(null);
      setPointing(NEXT_ROLE[pointing]);
    },
    apply: async (): Promise<ApplyOutcome> => {
      setIsApplying(true);
      try {
        const entry = {
          fingerprint: shapeFingerprint({ rows }, mapping),
          mapping,
          savedAt: new Date().toISOString(),
        };
        const saved =
          session === null
            ? false
            : await saveImportMapping(appDb(), entry, {
                userId: session.user.id,
                granted: session.granted,
                loginMode: session.loginMode,
              });
        const result = await readSheetsWithMappings(sheets, {
          ...(known ? { known } : {}),
          mappings: [entry],
        });
        return result.ok
          ? { ok: true, parsed: result.value, saved, used: { sheetIndex, mapping } }
          : { ok: false };
      } finally {
        setIsApplying(false);
      }
    },
  };
}

export type GuidedMappingState = ReturnType<typeof useGuidedMapping>;
