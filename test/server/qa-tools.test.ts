import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const INDEX = '<!doctype html><html lang="en"><head><title>Artist Studio</title></head><body><div id="root"></div></body></html>';
const REPORT = { generatedAt: '2025-01-01T00:00:00.000Z', machines: {} };

async function setUp(env: Record<string, string>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-qa-'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
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

  it('says so to the app with a meta element in every page (no inline script), and lets Graphviz compile to WebAssembly', async () => {
    for (const address of ['/', '/index.html', '/qa', '/qa/charts/session']) {
      const res = await t.request(address);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<head><meta name="qa-tools" content="on" /><title>');
      expect(html).not.toMatch(/<script>/);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    }
  });

  it('answers the report with a clear 404 before any test run, then the file as it is at each request', async () => {
    const missing = await t.request('/api/qa/report');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No test run recorded yet: run npm test' });

    await fs.writeFile(reportFile, JSON.stringify(REPORT));
    const found = await t.request('/api/qa/report');
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await found.json()).toEqual(REPORT);

    await fs.writeFile(reportFile, JSON.stringify({ ...REPORT, generatedAt: '2025-02-02T00:00:00.000Z' }));
    expect((await (await t.request('/api/qa/report')).json()).generatedAt).toBe('2025-02-02T00:00:00.000Z');
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

  it('serves index.html as built, with the strict script policy', async () => {
    const res = await t.request('/qa');
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
  });

  it('has no QA API: /api/qa/* is the plain 404 even with a report on disk', async () => {
    for (const address of ['/api/qa/report', '/api/qa/anything']) {
      const res = await t.request(address);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.' });
    }
  });
});
