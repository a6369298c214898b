/**
 * The file types the "Nouvel import" file picker offers: every format the timetable reader reads
 * (workbooks from Excel and LibreOffice, text exports in UTF-8, UTF-16 or Windows-1252, the XML exports of
 * aSc Timetables and FET's .fet files, Untis' GPU001.TXT).
 */
export const IMPORT_FILE_EXTENSIONS = ['.xlsx', '.xls', '.ods', '.csv', '.txt', '.xml', '.fet'] as const;

/** The `accept` attribute of the file input. */
export const IMPORT_FILE_ACCEPT = IMPORT_FILE_EXTENSIONS.join(',');
