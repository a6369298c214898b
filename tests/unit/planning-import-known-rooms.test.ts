import { describe, expect, it } from 'vitest';
import type { Timetable } from '../../src/domain/store/schema';
import { readTimetableGrids } from '../../src/domain/timetable-parsing';
import { knownNamesOf } from '../../src/services/sheets/known-names';
import { roomsOfTimetables } from '../../src/features/planning/import/use-new-import';

function timetable(id: string, rooms: (string | undefined)[]): Timetable {
  return {
    id,
    periodicity: 'week',
    year: 2026,
    weekStartDate: '2026-03-16',
    classId: 'c-1',
    createdAt: '2026-03-01T00:00:00Z',
    slots: rooms.map((room) => ({
      dayOfWeek: 1,
      startTime: '08:00',
      endTime: '10:00',
      moduleId: 'm-1',
      teacherUserId: 'u-1',
      deliveryMode: 'presentiel',
      canceled: false,
      ...(room === undefined ? {} : { room }),
    })),
  };
}

describe("the organisation's known rooms", () => {
  it('are the rooms already kept on timetable slots, each once', () => {
    const rooms = roomsOfTimetables([
      timetable('tt-1', ['Voltaire', undefined, ' B12 ']),
      timetable('tt-2', ['Voltaire', '', 'Amphi Nord']),
    ]);
    expect(rooms).toEqual(['Voltaire', 'B12', 'Amphi Nord']);
  });

  it('make a room line the reader would not guess the room of the course, not an extra course', () => {
    const grid = [
      ['Horaire', 'Lundi', 'Mardi', 'Mercredi'],
      ['08:00-10:00', 'Algorithmique\nM. Diallo\nVoltaire', '', ''],
      ['10:00-12:00', '', 'Réseaux\nMme Sow', ''],
    ];
    const mondayOf = (rooms: readonly string[]) => {
      const read = readTimetableGrids([{ sheetName: 'L1 Info', grid }], {
        known: knownNamesOf({ classes: [], modules: [], teachers: [], rooms }),
      });
      return read.ok ? read.value.tables[0]?.rows[0]?.cells[1] : undefined;
    };
    expect(mondayOf([])).toEqual([
      { moduleName: 'Algorithmique', teacherName: 'Diallo', sourceColumn: 1 },
      { moduleName: 'Voltaire', teacherName: '', sourceColumn: 1 },
    ]);
    const rooms = roomsOfTimetables([timetable('tt-1', ['voltaire'])]);
    expect(mondayOf(rooms)).toEqual([
      { moduleName: 'Algorithmique', teacherName: 'Diallo', room: 'Voltaire', sourceColumn: 1 },
    ]);
  });
});
