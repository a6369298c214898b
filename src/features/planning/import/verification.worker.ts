import { importConflicts } from '../../../domain/planning/import-timetables';
import type { ParsedFile } from '../../../domain/timetable-parsing';
import {
  deriveVerification,
  detectAll,
  type VerificationRequest,
  type VerificationResponse,
  type WarningSources,
} from './verification-derive';

/** The dedicated worker scope, typed here because the project compiles against the DOM library. */
interface WorkerScope {
  postMessage(message: VerificationResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<VerificationRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
let parsed: ParsedFile = { tables: [] };
let sources: WarningSources | null = null;

// Matching thousands of courses takes longer than a frame on a slow phone: it runs here, never on the page.
scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.type === 'file') {
    parsed = request.parsed;
    scope.postMessage({ type: 'detected', detected: detectAll(parsed) });
    return;
  }
  if (request.type === 'sources') {
    sources = request.sources;
    return;
  }
  if (request.type === 'conflicts') {
    // The save's check: every dated course of the file against the stored timetables (hundreds of ms).
    const { id, candidates, stored, period, substitutions } = request;
    const conflicts = importConflicts(candidates, stored, period, substitutions);
    scope.postMessage({ type: 'conflicts', id, conflicts });
    return;
  }
  scope.postMessage({
    type: 'derived',
    id: request.id,
    derived: deriveVerification(parsed, request.fixes, request.references, sources),
  });
});
