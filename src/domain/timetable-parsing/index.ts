export { looksLikeRoom, NO_KNOWN_NAMES, parseCellText, stripTeacherTitle } from './cell-text';
export type { CellCourse, KnownNames } from './cell-text';
export { CLASS_LABEL_ROWS_ABOVE } from './class-name';
export { countCourses } from './grid-reader';
export { emptyDayCells, parseSheet } from './parse-sheet';
export type { ParseSheetOptions } from './parse-sheet';
export {
  applyMapping,
  cellReference,
  columnLetter,
  courseAreaOf,
  diagnoseMapping,
  findSavedMapping,
  formatBellSchedule,
  guessListColumns,
  LIST_MAPPING_ROLES,
  layoutMappingSchema,
  MAX_BELL_PERIODS,
  MAX_PERIOD_ROWS,
  MAX_SAVED_MAPPINGS,
  parseBellSchedule,
  parseCellReference,
  parseSavedMappings,
  pointAt,
  proposeBell,
  rememberMapping,
  savedMappingSchema,
  shapeFingerprint,
  suggestMapping,
} from './layout-mapping';
export type {
  BellLineProblem,
  BellPeriod,
  BellSchedule,
  CellPosition,
  ClassNaming,
  GridMapping,
  LayoutMapping,
  ListMapping,
  ListMappingRole,
  MappingProblem,
  PointRole,
  SavedMapping,
  SheetLine,
} from './layout-mapping';
export { readTimetableGrids } from './read-timetable';
export type {
  ReadTimetableOptions,
  TimetableReadIssue,
  TimetableReadIssueCode,
  TimetableReadResult,
  TimetableReadWarning,
  TimetableReadWarningCode,
} from './read-timetable';
export { referenceKey, resolveReferences, UNASSIGNED_TEACHER_ID } from './resolve-references';
export type {
  ClassReference,
  ModuleReference,
  ReferenceResolution,
  References,
  ResolvedClassTimetable,
  ResolvedSlot,
  SkippedCell,
  SkipReason,
  TeacherReference,
} from './resolve-references';
export {
  findHeaderRows,
  findTimeColumn,
  HEADER_MIN_WEEKDAYS,
  HEADER_SEARCH_ROWS,
  isHeaderRow,
  TIME_COLUMN_SEARCH_COLUMNS,
  TIME_COLUMN_SEARCH_ROWS,
} from './sheet-layout';
export { TEACHER_PLACEHOLDER_EMAIL_DOMAIN, teacherEmailFromName } from './teacher-email';
export { foldText, MAX_GRID_COLUMNS, MAX_GRID_ROWS, normalizeGrid } from './text';
export { formatHhMm, parseTimeRange } from './time-range';
export { DAYS_OF_WEEK } from './types';
export type {
  ClassNameSource,
  DayOfWeek,
  Grid,
  GridCell,
  GridMerge,
  ParsedCell,
  ParsedFile,
  ParsedRow,
  ParsedTable,
  SheetGrid,
  TimeRange,
} from './types';
export { parseWeekday } from './weekday';
