import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest runs from the project root (under jsdom, import.meta.url is not a file address).
const machineDir = path.resolve('src/machines');
const modelDir = path.resolve('test/model');

/** `export const fooMachine = setup(...)` (or `= fooSetup.createMachine(...)`) in every chart file of src/machines (one folder per flow). */
const machines = readdirSync(machineDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.machine.ts'))
  .flatMap((file) =>
    [...readFileSync(path.join(machineDir, file), 'utf8').matchAll(/^export const (\w+Machine) = (?:setup\(|\w+\.createMachine\()/gm)].map(
      (m) => ({ file, name: m[1] }),
    ),
  );

const modelTests = readdirSync(modelDir)
  .filter((f) => f.endsWith('.model.test.tsx'))
  .map((file) => ({ file, text: readFileSync(path.join(modelDir, file), 'utf8') }));

describe('every chart has a model-based test that covers it', () => {
  it('finds the charts', () => {
    expect(machines.length).toBeGreaterThan(10);
  });

  it.each(machines.map((m) => [m.name, m.file] as const))('%s (%s)', (name) => {
    // The test must assert full coverage of this very machine, so a new chart cannot ship without one.
    const covering = modelTests.filter((t) => new RegExp(`assertFullCoverage\\(\\s*${name}\\b`).test(t.text));
    expect(
      covering.map((t) => t.file),
      `no test/model/*.model.test.tsx calls assertFullCoverage(${name}, ...)`,
    ).not.toEqual([]);
  });
});
