/**
 * Calls that arrive while a run is in flight wait and go together in the next run (issue 31): one statement
 * for many requests instead of one each, as group commit does for writes. The first call of an idle queue
 * starts a run at the end of the current tick (the calls of that tick join it); each run takes at most `max`
 * calls. `run` answers one output per input, in order. When a run of several calls fails, and `alone` says
 * the error may be one call's own (a value the database refuses, not the database gone), each call runs again
 * alone, in order: one caller's bad input never fails its neighbours. Otherwise every call of the run fails
 * with its error. The next run starts all the same. Nothing is delayed while the queue is idle, and a busy
 * server sends fewer, larger statements as it gets busier.
 */
export function coalesce<I, O>(
  run: (inputs: readonly I[]) => Promise<readonly O[]>,
  max = 256,
  alone: (error: unknown) => boolean = () => false,
): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  const queue: Call[] = [];
  let running = false;

  const next = (): void => {
    const calls = queue.splice(0, max);
    if (calls.length === 0) {
      running = false;
      return;
    }
    const settle = (group: readonly Call[], outputs: readonly O[]) =>
      group.forEach((c, i) => {
        if (i < outputs.length) c.resolve(outputs[i] as O);
        else c.reject(new Error('coalesce: no output for this call'));
      });
    const runAlone = async () => {
      for (const c of calls)
        await Promise.resolve()
          .then(() => run([c.input]))
          .then(
            (outputs) => settle([c], outputs),
            (error: unknown) => c.reject(error),
          );
    };
    Promise.resolve()
      .then(() => run(calls.map((c) => c.input)))
      .then(
        (outputs) => settle(calls, outputs),
        async (error: unknown) => {
          if (calls.length > 1 && alone(error)) await runAlone();
          else for (const c of calls) c.reject(error);
        },
      )
      .finally(next);
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (running) return;
      running = true;
      queueMicrotask(next);
    });
}
