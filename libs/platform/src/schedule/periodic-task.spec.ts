import pino from 'pino';
import { PeriodicTask } from './periodic-task';

/** A run the test finishes by hand, so overlaps can be seen. */
function controlledWork() {
  const runs: Array<(count: number) => void> = [];
  let active = 0;
  let mostAtOnce = 0;
  const work = () =>
    new Promise<number>((resolve) => {
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      runs.push((count) => {
        active--;
        resolve(count);
      });
    });
  return { work, runs, mostAtOnce: () => mostAtOnce };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PeriodicTask', () => {
  const logger = pino({ level: 'silent' });

  it('never overlaps itself: calls during a run share one run that starts after it', async () => {
    const { work, runs, mostAtOnce } = controlledWork();
    const task = new PeriodicTask('test sweep', 60_000, work, logger);
    const first = task.runNow();
    const second = task.runNow();
    const third = task.runNow();
    expect(second).toBe(third);
    expect(runs).toHaveLength(1);
    runs[0]!(2);
    expect(await first).toBe(2);
    await flush();
    expect(runs).toHaveLength(2);
    runs[1]!(5);
    expect(await second).toBe(5);
    expect(mostAtOnce()).toBe(1);
  });

  it('logs a failed run, answers 0, and runs again next time', async () => {
    const warnings: string[] = [];
    const recording = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push(JSON.parse(line).msg) },
    );
    let calls = 0;
    const task = new PeriodicTask(
      'test sweep',
      60_000,
      async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
        return 3;
      },
      recording,
    );
    expect(await task.runNow()).toBe(0);
    expect(warnings).toEqual(['test sweep failed; the next run tries again']);
    expect(await task.runNow()).toBe(3);
  });

  it('waits for the run in progress when stopped', async () => {
    const { work, runs } = controlledWork();
    const task = new PeriodicTask('test sweep', 60_000, work, logger);
    task.start();
    void task.runNow();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false);
    runs[0]!(1);
    await stopping;
    expect(stopped).toBe(true);
  });
});
