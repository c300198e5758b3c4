import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each flow has one name: its chart's folder in src/machines, its views' folder in src/views, its model test in
// test/model (docs/architecture.md, "Names"). What has no counterpart says why here.
const root = join(import.meta.dirname, '../..');
const dirs = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const files = (path: string): string[] =>
  readdirSync(join(root, path), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(path, d.name)) : [join(path, d.name)],
  );

/** Charts with no views of their own. */
const CHARTS_WITHOUT_VIEWS: Record<string, string> = {
  shared: 'building blocks spread into other charts (forms, failures, watch the server, leave guard, paged lists)',
  session: 'the signed-in session, read by the shell and every page',
  'artwork-life': "a business rule (a piece's sale and custody), asked by the inventory chart and by the server",
  'qa-chart': 'the QA studio: its views are together in src/views/qa',
  'qa-charts': 'the QA studio',
  'qa-live': 'the QA studio',
  'qa-source': 'the QA studio',
};
/** View folders with no chart of the same name. */
const VIEWS_WITHOUT_CHARTS: Record<string, string> = {
  ui: 'the design system',
  shell: 'the frame around every page (its chart is shell)',
  errors: 'the error pages',
  home: 'Home, made of other flows',
  paperwork: 'a download button for the paperwork (PDF, CSV), run by the download chart of your-data',
  qa: "the QA studio's pages (charts qa-*)",
  list: "the generic list's views (chart list)",
  'artwork-list': 'My Artworks: the generic list (chart list) configured for artworks',
};
/** Charts built from a shared factory, covered through the charts made with them. */
const SHARED_CHARTS = ['paged-list'];

describe('names line up', () => {
  it('every chart folder has its views folder of the same name, or says why not', () => {
    const views = new Set(dirs('src/views'));
    const missing = dirs('src/machines').filter((m) => !views.has(m) && !(m in CHARTS_WITHOUT_VIEWS));
    expect(missing).toEqual([]);
  });

  it('every views folder has its chart folder of the same name, or says why not', () => {
    const charts = new Set(dirs('src/machines'));
    const missing = dirs('src/views').filter((v) => !charts.has(v) && !(v in VIEWS_WITHOUT_CHARTS));
    expect(missing).toEqual([]);
  });

  it('every chart <name>.machine.ts has its model test test/model/<name>.model.test.tsx', () => {
    const charts = files('src/machines')
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => basename(f, '.machine.ts'));
    expect(charts.length).toBeGreaterThan(30);
    const missing = charts.filter((c) => !SHARED_CHARTS.includes(c) && !existsSync(join(root, 'test/model', `${c}.model.test.tsx`)));
    expect(missing).toEqual([]);
  });
});
