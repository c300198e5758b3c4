// @vitest-environment jsdom
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import { qaInspect } from '../../src/qa/qa-mode';

// QA mode's live panel sees the actors created with `qaInspect`, which src/qa/qa-boot.tsx fills with XState's inspect
// option before the app starts: a new page machine must not be missed. The studio's own views (src/views/qa) are left
// out on purpose: QA watches the app, not the studio watching it.
const files = [
  'src/app.ts',
  ...readdirSync('src/views', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`qa${path.sep}`))
    .map((f) => path.join('src/views', f)),
];

/** Every file src/main.tsx reaches by static imports: what the sign-in entry is built from. */
function entryFiles(file = 'src/main.tsx', seen = new Set<string>()): Set<string> {
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s(?!type\b)(?:[^;]*?from\s+)?'(\.[^']+)'/gm)) {
    const base = path.join(path.dirname(file), spec);
    const next = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => /\.tsx?$/.test(f) && existsSync(f));
    if (next && !seen.has(next)) entryFiles(next, seen);
  }
  return seen;
}

describe('every actor the app creates reports to the QA studio', () => {
  it.each(files.filter((f) => /\b(useActorRef|createActor)\(/.test(readFileSync(f, 'utf8'))))('%s', (file) => {
    const calls = readFileSync(file, 'utf8').match(/\b(?:useActorRef|createActor)\([^;]*\);/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call, `${file}: ${call}`).toContain('qaInspect');
  });

  it('the sign-in entry holds only the empty qaInspect: the studio is one import() in src/main.tsx, taken in QA mode', () => {
    const entry = [...entryFiles()];
    expect(entry).toContain(path.join('src/views/auth-screen/AuthScreen.tsx'));
    expect(entry.filter((f) => /^src\/(qa|views\/qa|machines\/qa-)/.test(f))).toEqual([path.join('src/qa/qa-mode.ts')]);
    expect(readFileSync('src/main.tsx', 'utf8')).toMatch(/querySelector\('meta\[name=qa-tools\]'\)\) void import\('\.\/qa\/qa-boot'\)/);
    expect(qaInspect).toEqual({});
  });

  it("QA mode's boot makes the live feed every actor's inspection observer, from the actor's first event", async () => {
    const { liveFeed } = await import('../../src/qa/qa-boot');
    const toasts = createActor(toastsMachine, qaInspect).start();
    await Promise.resolve();
    expect(liveFeed.getSnapshot()).toEqual([expect.objectContaining({ machineId: 'toasts', active: expect.arrayContaining(['toasts']) })]);
    toasts.stop();
  });
});
