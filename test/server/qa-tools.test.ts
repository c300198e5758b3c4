import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';
import { NOT_A_TEST_FILE, readTestSource } from '../../server/qa/qa-shared';

// The two builds as npm run build writes them: the app, and in qa/ the app framed by the studio (vite.config.ts).
const page = (entry: string) =>
  `<!doctype html><html lang="en"><head><title>Artist Studio</title><script type="module" src="/assets/${entry}"></script></head><body><div id="root"></div></body></html>`;
const INDEX = page('index-app.js');
const QA_INDEX = page('index-qa.js');
const QA_SCRIPT = 'console.log("the studio");\n';
const REPORT = { generatedAt: '2025-01-01T00:00:00.000Z', machines: {} };

async function setUp(env: Record<string, string>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-qa-'));
  await fs.mkdir(path.join(dir, 'qa/assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
  await fs.writeFile(path.join(dir, 'qa/index.html'), QA_INDEX);
  await fs.writeFile(path.join(dir, 'qa/assets/index-qa.js'), QA_SCRIPT);
  const reportFile = path.join(dir, 'qa-report.json');
  const t = await createTestApp({ STATIC_DIR: dir, QA_REPORT_FILE: reportFile, ...env });
  return { t, dir, reportFile };
}

describe(`QA mode on (QA_TOOLS=true) (${dbLabel()})`, () => {
  let t: TestApp;
  let dir: string;
  let reportFile: string;
  beforeAll(async () => ({ t, dir, reportFile } = await setUp({ QA_TOOLS: 'true' })));
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("serves the QA build's page at every address, and its assets, and lets Graphviz compile to WebAssembly", async () => {
    for (const address of ['/', '/index.html', '/qa', '/qa/charts/session', '/portfolio']) {
      const res = await t.request(address);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(QA_INDEX);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    }
    const script = await t.request('/assets/index-qa.js');
    expect(await script.text()).toBe(QA_SCRIPT);
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('answers the report with a clear 404 before any test run, then the file as it is at each request', async () => {
    const missing = await t.request('/api/qa/report');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No test run recorded yet: run npm run test:model' });

    await fs.writeFile(reportFile, JSON.stringify(REPORT));
    const found = await t.request('/api/qa/report');
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await found.json()).toEqual(REPORT);

    await fs.writeFile(reportFile, JSON.stringify({ ...REPORT, generatedAt: '2025-02-02T00:00:00.000Z' }));
    expect((await (await t.request('/api/qa/report')).json()).generatedAt).toBe('2025-02-02T00:00:00.000Z');
  });
});

describe(`QA mode: a test file's source (${dbLabel()})`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => ({ t, dir } = await setUp({ QA_TOOLS: 'true' })));
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  const source = (file: string) => t.request(`/api/qa/source?file=${encodeURIComponent(file)}`);

  it('answers a test file of the project as plain text', async () => {
    const res = await source('test/server/qa-tools.test.ts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(await fs.readFile('test/server/qa-tools.test.ts', 'utf8'));
  });

  it('refuses anything but a test file under test/ (400), and answers 404 for one that is not there', async () => {
    for (const file of [
      '',
      'package.json',
      'server/app.ts',
      'test/../package.json',
      'test/support/../../.env.ts',
      '/etc/passwd',
      'test/x.json',
    ]) {
      const res = await source(file);
      expect(res.status, file).toBe(400);
      expect(await res.json(), file).toEqual({
        message: NOT_A_TEST_FILE,
        fieldErrors: { file: [NOT_A_TEST_FILE] },
      });
    }
    const missing = await source('test/server/no-such.test.ts');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'There is no such test file.' });
  });

  it('does not follow a link out of test/', async () => {
    await fs.mkdir(path.join(dir, 'test'), { recursive: true });
    await fs.writeFile(path.join(dir, 'secret.ts'), 'export const key = 1;');
    await fs.symlink(path.join(dir, 'secret.ts'), path.join(dir, 'test', 'leak.ts'));
    await fs.writeFile(path.join(dir, 'test', 'own.ts'), 'export {};');
    await expect(readTestSource('test/leak.ts', dir)).resolves.toBeNull();
    await expect(readTestSource('test/own.ts', dir)).resolves.toBe('export {};');
  });
});

describe(`QA mode off (the default) (${dbLabel()})`, () => {
  let t: TestApp;
  let dir: string;
  let reportFile: string;
  beforeAll(async () => {
    ({ t, dir, reportFile } = await setUp({}));
    await fs.writeFile(reportFile, JSON.stringify(REPORT));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("serves the app's build, with the strict script policy: the QA build in qa/ is the app's page at any address", async () => {
    for (const address of ['/', '/qa', '/qa/', '/qa/index.html', '/qa/assets/index-qa.js', '/qa/charts/session']) {
      const res = await t.request(address);
      expect(res.status, address).toBe(200);
      expect(await res.text(), address).toBe(INDEX);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    }
    expect((await t.request('/assets/index-qa.js')).status).toBe(404);
  });

  it('has no QA API: /api/qa/* is the plain 404 even with a report on disk', async () => {
    for (const address of ['/api/qa/report', '/api/qa/source?file=test/server/qa-tools.test.ts', '/api/qa/anything']) {
      const res = await t.request(address);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.' });
    }
  });
});
