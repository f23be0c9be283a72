import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic-task';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('startPeriodicTask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then an interval after each pass ends, never two passes at a time', async () => {
    vi.useFakeTimers();
    const passes: ReturnType<typeof deferred>[] = [];
    const task = startPeriodicTask(
      () => {
        const pass = deferred();
        passes.push(pass);
        return pass.promise;
      },
      1000,
      () => {},
    );
    expect(passes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toHaveLength(1);
    passes[0]?.resolve();
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toHaveLength(2);
    passes[1]?.resolve();
    await task.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toHaveLength(2);
  });

  it('stops only once the pass in flight has ended, and starts none after', async () => {
    const pass = deferred();
    let calls = 0;
    const task = startPeriodicTask(
      () => {
        calls++;
        return pass.promise;
      },
      10,
      () => {},
    );
    let stopped = false;
    const stopping = task.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    pass.resolve();
    await stopping;
    expect(stopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(1);
  });

  it('reports a failed pass and goes on', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const task = startPeriodicTask(
      async () => {
        calls++;
        throw new Error(`pass ${calls}`);
      },
      100,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['pass 1', 'pass 2']);
    await task.stop();
  });
});
