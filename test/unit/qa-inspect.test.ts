// @vitest-environment jsdom
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import { qaEntry } from '../../scripts/qa-dev-plugin';

// QA mode's live panel sees the actors created with the inspection the QA build's entry gives the app (createApp's
// argument, and InspectionProvider for the views' useInspection): a new page machine must not be missed. The studio's own views (src/views/qa) are left
// out on purpose: QA watches the app, not the studio watching it.
const files = [
  'src/app.ts',
  ...readdirSync('src/views', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`qa${path.sep}`))
    .map((f) => path.join('src/views', f)),
];

/** Every source file a build from `entry` holds: what it reaches by imports and by import(), lazy chunks included. */
function buildFiles(entry: string, seen = new Set<string>()): Set<string> {
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  const specs = [
    ...source.matchAll(/^(?:import|export)\s(?!type\b)(?:[^;]*?from\s+)?'(\.[^']+)'/gm),
    ...source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
  ];
  for (const [, spec] of specs) {
    const base = path.join(path.dirname(entry), spec);
    const next = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => /\.tsx?$/.test(f) && existsSync(f));
    if (next && !seen.has(next)) buildFiles(next, seen);
  }
  return seen;
}

const isStudio = (f: string) => /^src\/(qa|views\/qa|machines\/qa-|services\/qa-)/.test(f);
const appBuild = [...buildFiles('src/main.tsx')];
const qaBuild = [...buildFiles('src/qa/main.tsx')];

describe('every actor the app creates reports to the QA studio', () => {
  it.each(files.filter((f) => /\b(useActorRef|createActor)\(/.test(readFileSync(f, 'utf8'))))('%s', (file) => {
    const calls = readFileSync(file, 'utf8').match(/\b(?:useActorRef|createActor)\([^;]*\);/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    const inspected = file === 'src/app.ts' ? /\binspection\b/ : /useInspection\(\)|\binspection\b/;
    for (const call of calls) expect(call, `${file}: ${call}`).toMatch(inspected);
  });

  it("the app's build (index.html's src/main.tsx) holds nothing of the studio, and gives the app no inspection", () => {
    expect(readFileSync('index.html', 'utf8')).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(appBuild).toContain('src/views/auth-screen/AuthScreen.tsx');
    expect(appBuild).toContain('src/views/shell/SignedInApp.tsx');
    expect(appBuild.filter(isStudio)).toEqual([]);
    expect(readFileSync('src/main.tsx', 'utf8')).toContain('createApp()');
    // A glob import (the studio's list of every chart) would reach files this walk cannot see.
    expect(appBuild.filter((f) => readFileSync(f, 'utf8').includes('import.meta.glob'))).toEqual([]);
  });

  it("the studio's styles stay out of the app's stylesheet: every studio file with styles is in Panda's exclude", async () => {
    process.env.PANDA_WITHOUT_QA = '1';
    const { default: panda } = await import('../../panda.config');
    delete process.env.PANDA_WITHOUT_QA;
    const styled = qaBuild.filter(
      (f) => !appBuild.includes(f) && /\b(css|cva|sva|cx)\(|styled-system\/recipes/.test(readFileSync(f, 'utf8')),
    );
    expect(styled).toContain('src/views/qa/ChartPage.tsx');
    for (const file of styled)
      expect(
        panda.exclude?.some((glob) => `./${file}`.startsWith(glob.replace(/\*\*$/, ''))),
        file,
      ).toBe(true);
  });

  it("the QA build's page starts src/qa/main.tsx, which gives the app and its views the live feed's inspection", () => {
    const hook = qaEntry().transformIndexHtml as { handler: (html: string) => string };
    expect(hook.handler(readFileSync('index.html', 'utf8'))).toContain('<script type="module" src="/src/qa/main.tsx"></script>');
    expect(qaBuild).toEqual(
      expect.arrayContaining(['src/qa/live-inspection.ts', 'src/views/qa/QaFrame.tsx', 'src/views/qa/qa-routes.tsx']),
    );
    const main = readFileSync('src/qa/main.tsx', 'utf8');
    expect(main).toContain("from './live-inspection'");
    expect(main).toContain('createApp(inspection)');
    expect(main).toContain('<InspectionProvider value={inspection}>');
  });

  it("QA mode's live inspection makes the live feed every actor's inspection observer, from the actor's first event", async () => {
    const { inspection, liveFeed } = await import('../../src/qa/live-inspection');
    const toasts = createActor(toastsMachine, inspection).start();
    await Promise.resolve();
    expect(liveFeed.getSnapshot()).toEqual([expect.objectContaining({ machineId: 'toasts', active: expect.arrayContaining(['toasts']) })]);
    toasts.stop();
  });
});
