import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import {
  IMPORT_FILE_ACCEPT,
  IMPORT_FILE_EXTENSIONS,
} from '../../src/features/planning/import/import-file-types';
import { NewImportDialog } from '../../src/features/planning/import/new-import-dialog';
import { fr } from '../../src/i18n/fr';
import { readTimetableBytes } from '../../src/services/sheets/workbook-to-grids';

// The dialog's data (the store, the worker) is not what this test is about: its hook gives a resting form.
vi.mock('../../src/features/planning/import/use-new-import', () => ({
  useNewImport: () => ({
    isReading: false,
    isShown: () => false,
    progress: null,
    failure: null,
    submit: () => Promise.resolve(),
    setFile: () => undefined,
    stop: () => undefined,
    openManual: () => undefined,
  }),
}));
vi.mock('../../src/features/planning/import/new-import-period-fields', () => ({
  NewImportPeriodFields: () => null,
}));

afterEach(cleanup);

const ROWS = [
  ['Horaire', 'Lundi', 'Mardi', 'Mercredi'],
  ['08:00-10:00', 'Algorithmique\nM. Diallo', '', 'Réseaux\nMme Sow'],
];
const LIST = [
  ['Jour', 'Début', 'Fin', 'Classe', 'Matière', 'Enseignant'],
  ['Lundi', '08:00', '10:00', 'L1 Info', 'Algorithmique', 'M. Diallo'],
  ['Mercredi', '08:00', '10:00', 'L1 Info', 'Réseaux', 'Mme Sow'],
];

function workbookBytes(bookType: XLSX.BookType): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(ROWS), 'L1 Info');
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType }) as Buffer);
}

const text = (rows: string[][], separator: string) =>
  `${rows.map((r) => r.join(separator)).join('\r\n')}\r\n`;

/** A small timetable of L1 Info written as each accepted type is written by the tools schools use. */
const FILES: Record<(typeof IMPORT_FILE_EXTENSIONS)[number], () => Uint8Array> = {
  '.xlsx': () => workbookBytes('xlsx'),
  '.xls': () => workbookBytes('biff8'),
  '.ods': () => workbookBytes('ods'),
  // A semicolon CSV in UTF-8 (quoted: the cells hold line breaks).
  '.csv': () =>
    new TextEncoder().encode(
      text(
        LIST.map((row) => row.map((cell) => `"${cell}"`)),
        ';',
      ),
    ),
  // Excel's "Texte Unicode": UTF-16LE with a byte order mark, tab-separated.
  '.txt': () =>
    new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text(LIST, '\t'), 'utf16le')])),
  // aSc Timetables' XML export: periods, subjects, teachers, classes, lessons and their cards.
  '.xml': () =>
    new TextEncoder().encode(
      [
        '<?xml version="1.0" encoding="UTF-8"?><timetable ascttversion="2012">',
        '<periods><period period="1" starttime="8:00" endtime="9:00"/><period period="2" starttime="9:00" endtime="10:00"/></periods>',
        '<subjects><subject id="S1" name="Algorithmique"/><subject id="S2" name="Réseaux"/></subjects>',
        '<teachers><teacher id="T1" name="Diallo"/><teacher id="T2" name="Sow"/></teachers>',
        '<classes><class id="C1" name="L1 Info"/></classes>',
        '<lessons><lesson id="L1" classids="C1" subjectid="S1" teacherids="T1" periodspercard="2"/>',
        '<lesson id="L2" classids="C1" subjectid="S2" teacherids="T2" periodspercard="2"/></lessons>',
        '<cards><card lessonid="L1" period="1" days="10000"/><card lessonid="L2" period="1" days="00100"/></cards>',
        '</timetable>',
      ].join('\n'),
    ),
  // FET's .fet with its timetable: activities placed by their starting-time constraints.
  '.fet': () =>
    new TextEncoder().encode(
      [
        '<?xml version="1.0" encoding="UTF-8"?><fet version="6.9.0">',
        '<Days_List><Day><Name>Lundi</Name></Day><Day><Name>Mardi</Name></Day><Day><Name>Mercredi</Name></Day></Days_List>',
        '<Hours_List><Hour><Name>08:00</Name></Hour><Hour><Name>09:00</Name></Hour><Hour><Name>10:00</Name></Hour></Hours_List>',
        '<Activities_List>',
        '<Activity><Teacher>Diallo</Teacher><Subject>Algorithmique</Subject><Students>L1 Info</Students><Duration>2</Duration><Id>1</Id><Active>true</Active></Activity>',
        '<Activity><Teacher>Sow</Teacher><Subject>Réseaux</Subject><Students>L1 Info</Students><Duration>2</Duration><Id>2</Id><Active>true</Active></Activity>',
        '</Activities_List><Time_Constraints_List>',
        '<ConstraintActivityPreferredStartingTime><Weight_Percentage>100</Weight_Percentage><Activity_Id>1</Activity_Id><Preferred_Day>Lundi</Preferred_Day><Preferred_Hour>08:00</Preferred_Hour></ConstraintActivityPreferredStartingTime>',
        '<ConstraintActivityPreferredStartingTime><Weight_Percentage>100</Weight_Percentage><Activity_Id>2</Activity_Id><Preferred_Day>Mercredi</Preferred_Day><Preferred_Hour>08:00</Preferred_Hour></ConstraintActivityPreferredStartingTime>',
        '</Time_Constraints_List></fet>',
      ].join('\n'),
    ),
};

describe('the file picker of "Nouvel import"', () => {
  it('offers .xlsx, .xls, .ods, .csv, .txt, and the programs’ .xml and .fet', () => {
    expect([...IMPORT_FILE_EXTENSIONS].sort()).toEqual([
      '.csv',
      '.fet',
      '.ods',
      '.txt',
      '.xls',
      '.xlsx',
      '.xml',
    ]);
    expect(IMPORT_FILE_ACCEPT.split(',')).toEqual([...IMPORT_FILE_EXTENSIONS]);
  });

  it('is the accept list of the dialog’s file input, and its hint names each type', () => {
    render(createElement(NewImportDialog, { onClose: () => {}, onParsed: () => {}, onManual: () => {} }));
    const input = screen.getByLabelText(fr.planning.import.file);
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')?.split(',')).toEqual([...IMPORT_FILE_EXTENSIONS]);
    for (const extension of IMPORT_FILE_EXTENSIONS) expect(fr.planning.import.fileHint).toContain(extension);
  });

  it.each(IMPORT_FILE_EXTENSIONS)('a %s file offered is one the reader reads', (extension) => {
    const result = readTimetableBytes(FILES[extension](), `edt${extension}`);
    expect(result.ok).toBe(true);
    const courses = result.ok
      ? result.value.tables.flatMap((table) =>
          table.rows.flatMap((row) =>
            Object.entries(row.cells).flatMap(([day, cells]) =>
              cells.map((c) => `${day} ${row.startTime}-${row.endTime} ${c.moduleName} ${c.teacherName}`),
            ),
          ),
        )
      : [];
    expect(courses.sort()).toEqual(['1 08:00-10:00 Algorithmique Diallo', '3 08:00-10:00 Réseaux Sow']);
  });
});
