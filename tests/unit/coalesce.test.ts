import { describe, expect, it } from 'vitest';
import { coalesce } from '../../server/storage/coalesce';

/** A run that answers each input doubled, recording the inputs of each run, released by hand. */
function gatedRun() {
  const runs: number[][] = [];
  const gates: (() => void)[] = [];
  const run = (inputs: readonly number[]) => {
    runs.push([...inputs]);
    return new Promise<number[]>((resolve) => gates.push(() => resolve(inputs.map((n) => n * 2))));
  };
  const open = async () => {
    while (gates.length === 0) await Promise.resolve();
    gates.shift()?.();
  };
  return { runs, run, open };
}

describe('coalesce: calls that arrive while a run is in flight go together in the next run', () => {
  it('runs the calls of one tick together, then the calls that waited together, each answered its own', async () => {
    const { runs, run, open } = gatedRun();
    const call = coalesce(run);
    const first = [call(1), call(2)];
    await open();
    expect(await Promise.all(first)).toEqual([2, 4]);
    const second = [call(3)];
    // While 3 runs, 4, 5 and 6 wait: one run for the three.
    await Promise.resolve();
    const third = [call(4), call(5), call(6)];
    await open();
    expect(await Promise.all(second)).toEqual([6]);
    await open();
    expect(await Promise.all(third)).toEqual([8, 10, 12]);
    expect(runs).toEqual([[1, 2], [3], [4, 5, 6]]);
  });

  it('fails only the calls of a failed run; the next run goes on', async () => {
    let n = 0;
    const call = coalesce((inputs: readonly number[]) => {
      n += 1;
      if (n === 1) return Promise.reject(new Error('base indisponible'));
      return Promise.resolve(inputs.map((i) => i + 100));
    });
    const failed = call(1);
    const later = call(2);
    await expect(failed).rejects.toThrow('base indisponible');
    await expect(later).rejects.toThrow('base indisponible');
    expect(await call(3)).toBe(103);
  });

  it('takes at most `max` calls a run', async () => {
    const runs: number[] = [];
    const call = coalesce((inputs: readonly number[]) => {
      runs.push(inputs.length);
      return Promise.resolve(inputs);
    }, 4);
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(runs).toEqual([4, 4, 2]);
  });

  it('rejects a call the run left without an answer', async () => {
    const call = coalesce((inputs: readonly number[]) => Promise.resolve(inputs.slice(1)));
    const [a, b] = [call(1), call(2)];
    expect(await a).toBe(2);
    await expect(b).rejects.toThrow('no output');
  });

  it('runs each call alone, in order, when `alone` says a run failed for one call’s own input', async () => {
    const runs: number[][] = [];
    const call = coalesce(
      (inputs: readonly number[]) => {
        runs.push([...inputs]);
        return inputs.includes(13)
          ? Promise.reject(Object.assign(new Error('valeur refusée'), { own: true }))
          : Promise.resolve(inputs.map((n) => n * 10));
      },
      256,
      (error) => (error as { own?: boolean }).own === true,
    );
    const [a, bad, c] = [call(1), call(13), call(3)];
    expect(await a).toBe(10);
    await expect(bad).rejects.toThrow('valeur refusée');
    expect(await c).toBe(30);
    expect(runs).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it('fails the whole run at once when `alone` says the error is not one call’s (the database gone)', async () => {
    let runs = 0;
    const call = coalesce(
      () => {
        runs += 1;
        return Promise.reject(new Error('base injoignable'));
      },
      256,
      () => false,
    );
    const results = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(runs).toBe(1);
  });
});
