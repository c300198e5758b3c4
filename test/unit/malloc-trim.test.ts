import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** RSS before and after the trim in a process of its own, whose heap is left full of small freed buffers. */
async function freedBetweenBlocks(trim: 'trim' | 'none') {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    'test/support/freed-between-blocks.ts',
    trim,
  ]);
  return JSON.parse(stdout) as { before: number; after: number };
}

describe("handing glibc's free pages back", () => {
  it('gives back what freed buffers left between the ones still in use, which glibc alone keeps', async () => {
    const [trimmed, kept] = await Promise.all([freedBetweenBlocks('trim'), freedBetweenBlocks('none')]);
    // ~37 MB freed between the buffers kept: measured 131 -> 91 MB. The call's time (~10 ms quiet, 735 ms measured
    // with other tests on the cores) is not held here: a unit test beside others cannot time it fairly.
    expect(trimmed.before - trimmed.after).toBeGreaterThan(25);
    expect(kept.before - kept.after).toBeLessThan(5);
  });
});
