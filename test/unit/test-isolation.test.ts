import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const testFiles = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));

/**
 * The app project's files share a module cache per worker (vitest.config.ts, isolate: false). vi.mock cannot replace a
 * module that an earlier file in the worker has already imported: such a file is named *.isolated.test.tsx and runs in
 * the app:isolated project, with a module cache of its own.
 */
describe('which app tests run isolated', () => {
  it('every app or model test that mocks a module is named *.isolated.test, and only those', () => {
    const files = [...testFiles('test/app'), ...testFiles('test/model')];
    const mocking = files.filter((f) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    const isolated = files.filter((f) => /^test\/app\/.*\.isolated\.test\.tsx?$/.test(f));
    expect(mocking.sort()).toEqual(isolated.sort());
  });
});

/**
 * The unit, server and browser projects share a module cache per worker too, and have no isolated project beside them:
 * a file there that replaced a module would see the real one another file already imported, or leave its fake to the
 * next.
 */
describe('unit, server and browser tests replace no module', () => {
  it.for(['test/unit', 'test/server', 'test/browser'])('no file in %s calls vi.mock', (dir) => {
    const mocking = testFiles(dir).filter((f) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(mocking).toEqual([]);
  });
});
