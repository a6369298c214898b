import { describe, expect, it } from 'vitest';
import { checkPlaces, type PlaceOfName } from '../../src/domain/planning/import-places';
import { fr } from '../../src/i18n/fr';

const chosen: PlaceOfName = { levelId: 'lvl-l1', instituteId: 'inst-1' };
const noLevel: PlaceOfName = { levelId: null, instituteId: 'inst-1' };
const nothing: PlaceOfName = { levelId: null, instituteId: null };

describe('levels and institutes of the classes and modules an import creates', () => {
  it('blocks "Créer" while a class to create has no level', () => {
    const check = checkPlaces({
      classes: ['L1 Info', 'L2 Info'],
      modules: ['Algo'],
      placeOf: (kind, name) => (kind === 'classes' && name === 'L2 Info' ? noLevel : chosen),
      available: { levels: 2, institutes: 1 },
    });
    expect(check).toEqual({ needsPlaces: true, complete: false, noPlaces: false, notice: 'placeRequired' });
    expect(fr.planning.import.verify[check.notice ?? 'placeRequired']).toMatch(/niveau et un institut/);
  });

  // Issue 33 point 5: a module without a level is one of several levels ("Plusieurs niveaux"); its institute
  // is still needed.
  it('allows a module of several levels (no level), never a module without an institute', () => {
    const place = (module: { levelId: string | null; instituteId: string | null }) =>
      checkPlaces({
        classes: ['L1 Info'],
        modules: ['Algo'],
        placeOf: (kind) => (kind === 'modules' ? module : chosen),
        available: { levels: 2, institutes: 1 },
      }).complete;
    expect(place(noLevel)).toBe(true);
    expect(place({ levelId: null, instituteId: null })).toBe(false);
    expect(place({ levelId: 'l1', instituteId: null })).toBe(false);
  });

  it('allows "Créer" once every class and module has a level and an institute', () => {
    const check = checkPlaces({
      classes: ['L1 Info', 'L2 Info'],
      modules: ['Algo'],
      placeOf: () => chosen,
      available: { levels: 2, institutes: 1 },
    });
    expect(check).toEqual({ needsPlaces: true, complete: true, noPlaces: false, notice: null });
  });

  it('on an installation without levels or institutes, blocks and shows the message to create them first', () => {
    for (const available of [
      { levels: 0, institutes: 0 },
      { levels: 0, institutes: 1 },
      { levels: 1, institutes: 0 },
    ]) {
      const check = checkPlaces({
        classes: ['L1 Info'],
        modules: [],
        placeOf: () => (available.levels === 0 ? nothing : { levelId: 'lvl-l1', instituteId: null }),
        available,
      });
      expect(check).toEqual({ needsPlaces: true, complete: false, noPlaces: true, notice: 'noPlaces' });
      expect(check.notice && fr.planning.import.verify[check.notice]).toBe(
        "Aucun niveau ou aucun institut n'existe : créez-les dans Paramètres avant de créer des classes ou des modules.",
      );
    }
  });

  it('asks nothing when nothing is to be created, even on an empty installation', () => {
    const check = checkPlaces({
      classes: [],
      modules: [],
      placeOf: () => nothing,
      available: { levels: 0, institutes: 0 },
    });
    expect(check).toEqual({ needsPlaces: false, complete: true, noPlaces: false, notice: null });
  });

  it('does not call the installation empty while its data is still loading', () => {
    const check = checkPlaces({
      classes: ['L1 Info'],
      modules: [],
      placeOf: () => nothing,
      available: undefined,
    });
    expect(check).toMatchObject({ complete: false, noPlaces: false, notice: 'placeRequired' });
  });
});
