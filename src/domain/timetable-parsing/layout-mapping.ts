/**
 * Guided mapping (beyond the spec: a file the reader cannot lay out by itself), one concern a file under
 * mapping/: the mapping's types, its saved form, the bell schedule typed once, the course area, applying a
 * mapping, the shape fingerprint, the first guess, pointing at the preview.
 */
export * from './mapping/types';
export * from './mapping/saved-mappings';
export * from './mapping/bell-schedule';
export * from './mapping/course-area';
export { applyMapping } from './mapping/apply-mapping';
export * from './mapping/fingerprint';
export * from './mapping/suggest';
export * from './mapping/point-at';
export * from './mapping/diagnose';
export { MAX_PERIOD_ROWS } from './mapping/time-slots';
