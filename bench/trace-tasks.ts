/**
 * What a main-thread long task was made of, from a Chromium performance trace (Playwright's
 * browser.startTracing with the devtools timeline categories): each renderer task longer than a threshold,
 * with the timeline events inside it (script calls by their function and file, style, layout, paint, GC,
 * IndexedDB callbacks...) summed by kind, largest first. Used by bench/new-device.ts when BENCH_TRACE is set.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

/**
 * The V8 sampling profile of a thread in the trace (category disabled-by-default-v8.cpu_profiler): each
 * sample's time (trace microseconds) and its stack of "function file:line", innermost first.
 */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; stack: string[] }[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const out: { ts: number; stack: string[] }[] = [];
  let time = Number(profile.args?.data?.startTime ?? 0);
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
    const data = chunk.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      time += deltas[i] ?? 0;
      const stack: string[] = [];
      for (let node = nodes.get(id); node; node = node.parent ? nodes.get(node.parent) : undefined) {
        const { functionName, url = '', lineNumber = 0 } = node.callFrame;
        stack.push(`${functionName || '(anonyme)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`);
      }
      out.push({ ts: time, stack });
    });
  }
  return out;
}

export interface TaskBreakdown {
  /** Start of the task in trace microseconds. */
  ts: number;
  ms: number;
  parts: { what: string; ms: number }[];
  /** Sampled JavaScript (when the trace has the V8 profile): self and inclusive time by function. */
  selfJs: { what: string; ms: number }[];
  inclusiveJs: { what: string; ms: number }[];
}

function label(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  if (event.name === 'FunctionCall' || event.name === 'EvaluateScript' || event.name === 'v8.compile') {
    const fn = typeof data.functionName === 'string' && data.functionName ? data.functionName : '(anonyme)';
    const url = typeof data.url === 'string' ? (data.url.split('/').pop() ?? '') : '';
    const line = typeof data.lineNumber === 'number' ? data.lineNumber : '';
    return `${event.name} ${fn} ${url}:${line}`;
  }
  if (event.name === 'EventDispatch' || event.name === 'TimerFire' || event.name === 'FireAnimationFrame')
    return `${event.name} ${typeof data.type === 'string' ? data.type : ''}`.trim();
  return event.name;
}

/** The renderer main thread: the thread named CrRendererMain with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const names = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best: { pid: number; tid: number; total: number } | null = null;
  for (const n of names) {
    const total = events
      .filter((e) => e.pid === n.pid && e.tid === n.tid && e.name === 'RunTask' && e.dur)
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (!best || total > best.total) best = { pid: n.pid, tid: n.tid, total };
  }
  return best;
}

export function longTasks(
  trace: { traceEvents: TraceEvent[] } | TraceEvent[],
  thresholdMs = 50,
): TaskBreakdown[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = mainThread(events);
  if (!main) return [];
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 > thresholdMs);
  const samples = samplesOf(events, main.pid, main.tid);
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .map(([what, us]) => ({ what, ms: us / 1000 }))
      .filter((p) => p.ms >= 1)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Self time per kind: an event's duration minus that of the events directly inside it.
    const self = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const event of inside) {
      while (stack.length && (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0) <= event.ts) stack.pop();
      const parent = stack.at(-1);
      const key = label(event);
      self.set(key, (self.get(key) ?? 0) + (event.dur ?? 0));
      if (parent) {
        const parentKey = label(parent);
        self.set(parentKey, (self.get(parentKey) ?? 0) - (event.dur ?? 0));
      }
      stack.push(event);
    }
    const parts = [...self]
      .map(([what, us]) => ({ what, ms: us / 1000 }))
      .filter((p) => p.ms >= 1)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12);
    const selfJs = new Map<string, number>();
    const inclusiveJs = new Map<string, number>();
    let previous = samples.find((x) => x.ts >= task.ts)?.ts ?? task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const weight = sample.ts - previous;
      previous = sample.ts;
      const [inner] = sample.stack;
      if (inner) selfJs.set(inner, (selfJs.get(inner) ?? 0) + weight);
      for (const frame of new Set(sample.stack))
        inclusiveJs.set(frame, (inclusiveJs.get(frame) ?? 0) + weight);
    }
    return {
      ts: task.ts,
      ms: (task.dur ?? 0) / 1000,
      parts,
      selfJs: top(selfJs, 15),
      inclusiveJs: top(inclusiveJs, 40),
    };
  });
}
