import type { TeacherConflict } from '../../../domain/planning/conflicts';
import type { FixableReferences, NameFixes } from '../../../domain/planning/import-renames';
import { importConflicts } from '../../../domain/planning/import-timetables';
import type { ParsedFile } from '../../../domain/timetable-parsing';
import {
  deriveVerification,
  detectAll,
  type ConflictsQuestion,
  type Derived,
  type DetectedNames,
  type VerificationRequest,
  type VerificationResponse,
  type WarningSources,
} from './verification-derive';

export interface VerificationClient {
  /** Asks for the resolution of these names; only the latest request of a burst is computed and answered. */
  derive(fixes: NameFixes, references: FixableReferences, onDone: (derived: Derived) => void): void;
  /** The stored timetables and contracts the next derivations check contracts against. */
  setSources(sources: WarningSources): void;
  /**
   * The teacher conflicts of the timetables about to be saved (the save's check), computed in the worker:
   * 3,600 dated courses against the stored timetables block the page for hundreds of milliseconds.
   * Rejects when the worker fails or the client is closed first.
   */
  conflicts(question: ConflictsQuestion): Promise<TeacherConflict[]>;
  close(): void;
}

interface Port {
  onmessage: ((event: MessageEvent<VerificationResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: VerificationRequest): void;
  terminate(): void;
}

function workerPort(): Port | null {
  if (typeof Worker !== 'function') return null;
  try {
    return new Worker(new URL('./verification.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** Without Worker support (test runner, very old browser) the same code runs here, after the current task. */
function mainThreadPort(): Port {
  let parsed: ParsedFile = { tables: [] };
  let sources: WarningSources | null = null;
  let isClosed = false;
  const port: Port = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      setTimeout(() => {
        if (isClosed) return;
        const reply = (data: VerificationResponse) => port.onmessage?.(new MessageEvent('message', { data }));
        if (message.type === 'file') {
          parsed = message.parsed;
          reply({ type: 'detected', detected: detectAll(parsed) });
        } else if (message.type === 'sources') {
          sources = message.sources;
        } else if (message.type === 'conflicts') {
          const { id, candidates, stored, period, substitutions } = message;
          reply({
            type: 'conflicts',
            id,
            conflicts: importConflicts(candidates, stored, period, substitutions),
          });
        } else
          reply({
            type: 'derived',
            id: message.id,
            derived: deriveVerification(parsed, message.fixes, message.references, sources),
          });
      }, 0);
    },
    terminate() {
      isClosed = true;
    },
  };
  return port;
}

/**
 * The verification dialog's matching, run off the main thread: a 120-class file is 3,600 courses to match and
 * sort again at each letter typed in a name, longer than a frame (the dialog must never block one > 100 ms).
 */
export function createVerificationClient(
  parsed: ParsedFile,
  onDetected: (detected: DetectedNames) => void,
): VerificationClient {
  const port = workerPort() ?? mainThreadPort();
  let lastId = 0;
  let inFlight: { id: number; onDone: (derived: Derived) => void } | null = null;
  let queued: { fixes: NameFixes; references: FixableReferences; onDone: (d: Derived) => void } | null = null;
  const questions = new Map<
    number,
    { resolve: (conflicts: TeacherConflict[]) => void; reject: (error: Error) => void }
  >();
  const failQuestions = (reason: string) => {
    for (const { reject } of questions.values()) reject(new Error(reason));
    questions.clear();
  };
  const send = (next: NonNullable<typeof queued>) => {
    lastId += 1;
    inFlight = { id: lastId, onDone: next.onDone };
    port.postMessage({ type: 'derive', id: lastId, fixes: next.fixes, references: next.references });
  };
  port.onmessage = (event) => {
    const data = event.data;
    if (data.type === 'detected') {
      onDetected(data.detected);
      return;
    }
    if (data.type === 'conflicts') {
      questions.get(data.id)?.resolve(data.conflicts);
      questions.delete(data.id);
      return;
    }
    if (inFlight === null || data.id !== inFlight.id) return;
    const { onDone } = inFlight;
    inFlight = null;
    if (queued !== null) {
      // A newer request is waiting: this answer is already stale.
      const next = queued;
      queued = null;
      send(next);
      return;
    }
    onDone(data.derived);
  };
  port.onerror = (event) => {
    event.preventDefault();
    failQuestions(event.message || 'worker-error');
  };
  port.postMessage({ type: 'file', parsed });
  return {
    derive(fixes, references, onDone) {
      if (inFlight !== null) queued = { fixes, references, onDone };
      else send({ fixes, references, onDone });
    },
    setSources(sources) {
      port.postMessage({ type: 'sources', sources });
    },
    conflicts(question) {
      lastId += 1;
      const id = lastId;
      return new Promise<TeacherConflict[]>((resolve, reject) => {
        questions.set(id, { resolve, reject });
        port.postMessage({ type: 'conflicts', id, ...question });
      });
    },
    close() {
      port.onmessage = null;
      port.onerror = null;
      port.terminate();
      failQuestions('closed');
    },
  };
}
