import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_BATCH } from '../../server/mail/outbox';
import { createJobRunner, type Job } from '../../server/worker/job';
import { mailOutboxJob } from '../../server/worker/mail-outbox.job';

const log = () => ({ warn: vi.fn() });
/** A job whose runs are counted and end when the test says. */
function heldJob(name: string, every: Job['every']) {
  const ends: Array<(err?: Error) => void> = [];
  const job: Job & { runs: number; end(err?: Error): Promise<void> } = {
    name,
    every,
    runs: 0,
    run() {
      job.runs += 1;
      return new Promise<void>((resolve, reject) => ends.push((err) => (err ? reject(err) : resolve())));
    },
    async end(err) {
      ends.shift()!(err);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
  return job;
}

describe('the worker’s job runner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('runs each job on its own period, one run at a time, and a round job at every tick', async () => {
    const hourly = heldJob('hourly', 3_600_000);
    const each = heldJob('each', 'round');
    const runner = createJobRunner([hourly, each], log());
    expect(runner.tick()).toHaveLength(2);
    // Still running: neither starts twice.
    expect(runner.tick()).toHaveLength(0);
    expect(runner.runningOf(hourly)).not.toBeNull();
    await hourly.end();
    await each.end();
    expect(runner.running()).toEqual([]);
    expect(runner.tick()).toHaveLength(1);
    expect([hourly.runs, each.runs]).toEqual([1, 2]);
    await each.end();
    vi.setSystemTime(1_000_000 + 3_600_000);
    runner.tick();
    expect(hourly.runs).toBe(2);
    await hourly.end();
    await each.end();
    // Forced (a test's runOnce): every job, due or not.
    expect(runner.tick(true)).toHaveLength(2);
  });

  it('logs a failing job and waits twice as long each time, while the others keep their beat', async () => {
    const failing = heldJob('claims sweep', 60_000);
    const steady = heldJob('limit windows', 60_000);
    const l = log();
    const runner = createJobRunner([failing, steady], l);
    runner.tick();
    await failing.end(new Error('database down'));
    await steady.end();
    expect(l.warn).toHaveBeenCalledTimes(1);
    expect(l.warn.mock.calls[0][0]).toMatchObject({ job: 'claims sweep', failures: 1 });
    vi.setSystemTime(1_000_000 + 60_000);
    runner.tick();
    expect([failing.runs, steady.runs]).toEqual([1, 2]);
    await steady.end();
    vi.setSystemTime(1_000_000 + 120_000);
    runner.tick();
    expect(failing.runs).toBe(2);
    await failing.end();
    await steady.end();
    // A success ends the backoff: the period is back to one minute.
    vi.setSystemTime(1_000_000 + 180_000);
    runner.tick();
    expect(failing.runs).toBe(3);
  });
});

describe('the mail outbox job', () => {
  it('sends batches while they come back full, and once more when mail was recorded during a batch', async () => {
    const answers = [MAIL_BATCH, MAIL_BATCH, 3, 0];
    const sendDue = vi.fn(async () => {
      const n = answers.shift() ?? 0;
      if (n === 3) job.wake(); // mail recorded while this batch was sent
      return n;
    });
    const job = mailOutboxJob({ outbox: { sendDue } } as never, 'me');
    await job.run();
    expect(sendDue).toHaveBeenCalledTimes(4);
    expect(sendDue).toHaveBeenCalledWith('me');
    await job.run();
    expect(sendDue).toHaveBeenCalledTimes(5);
  });
});
