import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instance } from '@viz-js/viz';
import { createMachine } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { diffCharts, diffDot, formatChartDiff, shapeOf } from '../../src/qa/chart-diff';
import { coverageDot } from '../../src/qa/chart-marks';
import { writeCharts, type QaReport } from '../../scripts/charts';

// Two versions of one chart: v2 adds the state `locked` (and the way into it), drops `open --slam--> shut`, and
// guards `shut --open--> open`.
const v1 = createMachine({
  id: 'door',
  initial: 'shut',
  states: {
    shut: { on: { open: 'open' } },
    open: { on: { close: 'shut', slam: { target: 'shut', actions: 'bang' } } },
    ajar: { on: { push: 'open' } },
  },
});
const v2 = createMachine({
  id: 'door',
  initial: 'shut',
  states: {
    shut: { on: { open: { target: 'open', guard: 'unlocked' }, lock: 'locked' } },
    open: { on: { close: 'shut' } },
    locked: { on: { unlock: 'shut' } },
  },
});

describe('diffCharts', () => {
  const diff = diffCharts(shapeOf(v1), shapeOf(v2));

  it('finds states added and removed by id', () => {
    expect(diff.status).toBe('changed');
    expect(diff.addedStates.map((s) => s.id)).toEqual(['door.locked']);
    expect(diff.removedStates.map((s) => s.id)).toEqual(['door.ajar']);
  });

  it('matches transitions by source, event and index: added, removed, changed (target, guard, actions)', () => {
    expect(diff.addedTransitions.map((t) => t.id)).toEqual(['door.shut#lock#0', 'door.locked#unlock#0']);
    expect(diff.removedTransitions.map((t) => t.id)).toEqual(['door.open#slam#0', 'door.ajar#push#0']);
    expect(diff.changedTransitions.map((c) => [c.id, c.changes])).toEqual([['door.shut#open#0', ['guard (none) → unlocked']]]);
    const retargeted = createMachine({
      id: 'door',
      initial: 'shut',
      states: { shut: { on: { open: { target: 'shut', actions: 'creak' } } }, open: {} },
    });
    expect(diffCharts(shapeOf(v1), shapeOf(retargeted)).changedTransitions[0].changes).toEqual([
      'target door.open → door.shut',
      'actions [] → [creak]',
    ]);
  });

  it('tells new, removed and unchanged machines apart', () => {
    expect(diffCharts(undefined, shapeOf(v2)).status).toBe('new');
    expect(diffCharts(shapeOf(v1), undefined)).toMatchObject({ status: 'removed', removedStates: expect.any(Array) });
    expect(diffCharts(shapeOf(v2), shapeOf(v2)).status).toBe('unchanged');
    expect(formatChartDiff(diffCharts(shapeOf(v2), shapeOf(v2)))).toEqual(['door: unchanged']);
    expect(formatChartDiff(diffCharts(undefined, shapeOf(v2)))).toEqual([
      'door: new (+4 states, -0 states, +4 transitions, -0 transitions, ~0 changed)',
    ]);
  });

  it('summarises in plain text with every id', () => {
    expect(formatChartDiff(diff, 'door-file')).toEqual([
      'door-file (door): changed (+1 states, -1 states, +2 transitions, -2 transitions, ~1 changed)',
      '  + state door.locked',
      '  - state door.ajar',
      '  + transition door.shut#lock#0 → door.locked',
      '  + transition door.locked#unlock#0 → door.shut',
      '  - transition door.open#slam#0 → door.shut',
      '  - transition door.ajar#push#0 → door.open',
      '  ~ transition door.shut#open#0: guard (none) → unlocked',
    ]);
  });

  it('draws added, removed (dashed, from the old version) and changed in three colours with a legend', async () => {
    // Graphviz writes '-' in ids as &#45; (the same id once parsed).
    const svg = (await instance()).renderString(diffDot(v2, diff), { format: 'svg' }).replace(/&#45;/g, '-');
    const element = (id: string) =>
      new RegExp(`<g id="${id.replace(/[.#]/g, '\\$&')}" class="(node|edge|cluster) ([a-z]+)"`).exec(svg)?.[2];
    expect(element('state:door.locked')).toBe('added');
    expect(element('transition:door.shut#lock#0')).toBe('added');
    expect(element('transition:door.shut#open#0')).toBe('changed');
    expect(element('removed-state:door.ajar')).toBe('removed');
    expect(element('removed-transition:door.open#slam#0')).toBe('removed');
    expect(element('removed-transition:door.ajar#push#0')).toBe('removed');
    expect(element('transition:door.open#close#0')).toBeUndefined(); // unchanged: drawn plain
    expect(svg).toContain('#15803d');
    expect(svg).toContain('#b91c1c');
    expect(svg).toContain('#b45309');
    expect(svg).toContain('stroke-dasharray');
    expect(svg).toContain('(was: guard (none) -&gt; unlocked)');
    expect(svg).toMatch(/id="legend"[\s\S]*added[\s\S]*removed \(from the old version\)[\s\S]*changed \(target, guard or actions\)/);
  });
});

describe('coverage on the chart', () => {
  it('marks every transition and state covered or not, by the ids of the test report', async () => {
    const dot = coverageDot(v1, {
      coveredStateIds: ['door', 'door.shut', 'door.open'],
      coveredTransitionIds: ['door.shut#open#0', 'door.open#close#0'],
    });
    const svg = (await instance()).renderString(dot, { format: 'svg' });
    expect(svg).toMatch(/<g id="transition:door\.shut#open#0" class="edge covered"/);
    expect(svg).toMatch(/<g id="transition:door\.open#slam#0" class="edge uncovered"/);
    expect(svg).toMatch(/<g id="state:door\.ajar" class="node uncovered"/);
    expect(svg).toMatch(/<g id="state:door\.shut" class="node covered"/);
    expect(svg).toContain('covered by a model test path');
  });

  const dir = join(process.cwd(), '.tmp', `charts-report-test-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('npm run charts embeds the report: coverage and paths in the JSON, colours and a legend in the drawings', async () => {
    mkdirSync(join(dir, 'machines'), { recursive: true });
    writeFileSync(
      join(dir, 'machines', 'door.machine.ts'),
      `import { createMachine } from 'xstate';
export const doorMachine = createMachine({ id: 'door', initial: 'shut', states: { shut: { on: { open: 'open' } }, open: { on: { close: 'shut' } } } });`,
    );
    const path = {
      id: 'door:1',
      test: 'door.test.ts › opens',
      start: ['door', 'door.shut'],
      steps: [{ event: 'open', transitionIds: ['door.shut#open#0'], states: ['door', 'door.open'] }],
      asserted: ['open'],
    };
    const report: QaReport = {
      generatedAt: '2026-01-01T00:00:00.000Z',
      machines: {
        door: {
          states: { covered: 3, total: 3 },
          transitions: { covered: 1, total: 2 },
          coveredStateIds: ['door', 'door.shut', 'door.open'],
          coveredTransitionIds: ['door.shut#open#0'],
          paths: [path],
        },
      },
    };
    await writeCharts({ machinesDir: join(dir, 'machines'), outDir: join(dir, 'charts'), report });
    const json = JSON.parse(readFileSync(join(dir, 'charts', 'door.json'), 'utf8'));
    expect(json.coverage).toEqual({ generatedAt: report.generatedAt, ...report.machines.door, paths: undefined });
    expect(json.paths).toEqual([path]);
    const svg = readFileSync(join(dir, 'charts', 'door.svg'), 'utf8');
    expect(svg).toMatch(/<g id="transition:door\.open#close#0" class="edge uncovered"/);
    const html = readFileSync(join(dir, 'charts', 'index.html'), 'utf8');
    expect(html).toContain('covered: 3/3 states, 1/2 transitions, 1 test paths');
    expect(html).toContain('not covered');
  });
});

describe('npm run charts -- --diff <ref>', () => {
  const repo = join(process.cwd(), '.tmp', `charts-diff-test-${process.pid}`);
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=QA', '-c', 'user.email=qa@example.test', ...args], { cwd: repo });
  const machine = (id: string, states: string) =>
    `import { createMachine } from 'xstate';\nexport const ${id}Machine = createMachine({ id: '${id}', initial: 'shut', states: ${states} });\n`;
  const charts = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/charts.ts', '--machines', join(repo, 'machines'), '--out', join(repo, 'charts'), ...args],
      {
        encoding: 'utf8',
      },
    );

  it('compares with a commit where a state was added, a machine new and one removed, and prints the summary', () => {
    mkdirSync(join(repo, 'machines'), { recursive: true });
    git('init', '-q', '-b', 'main');
    writeFileSync(
      join(repo, 'machines', 'door.machine.ts'),
      machine('door', `{ shut: { on: { open: 'open' } }, open: { on: { close: 'shut' } } }`),
    );
    writeFileSync(join(repo, 'machines', 'lamp.machine.ts'), machine('lamp', `{ shut: {} }`));
    writeFileSync(join(repo, 'machines', 'gate.machine.ts'), machine('gate', `{ shut: {} }`));
    git('add', '.');
    git('commit', '-q', '-m', 'one');
    writeFileSync(
      join(repo, 'machines', 'door.machine.ts'),
      machine('door', `{ shut: { on: { open: 'open', lock: 'locked' } }, open: { on: { close: 'shut' } }, locked: {} }`),
    );
    rmSync(join(repo, 'machines', 'lamp.machine.ts'));
    writeFileSync(join(repo, 'machines', 'bell.machine.ts'), machine('bell', `{ shut: {} }`));
    git('add', '-A');
    git('commit', '-q', '-m', 'two');

    const run = charts('--diff', 'HEAD~1');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      [
        'machine(s) differ, 1 unchanged.',
        'bell: new (+2 states, -0 states, +0 transitions, -0 transitions, ~0 changed)',
        'door: changed (+1 states, -0 states, +1 transitions, -0 transitions, ~0 changed)',
        '  + state door.locked',
        '  + transition door.shut#lock#0 → door.locked',
        'lamp: removed (+0 states, -2 states, +0 transitions, -0 transitions, ~0 changed)',
      ].join('\n'),
    );
    expect(run.stdout).toMatch(/Charts compared with HEAD~1 \([0-9a-f]{12}\): 3 machine\(s\) differ/);

    const index = readFileSync(join(repo, 'charts', 'diff', 'index.html'), 'utf8');
    expect(index).toContain('<li data-machine="door" data-status="changed"><a href="door.html">door</a>');
    expect(index).toContain('data-machine="bell" data-status="new"');
    expect(index).toContain('data-machine="lamp" data-status="removed"');
    expect(index).toContain('data-machine="gate" data-status="unchanged"');
    const svg = readFileSync(join(repo, 'charts', 'diff', 'door.svg'), 'utf8');
    expect(svg).toMatch(/<g id="state:door\.locked" class="node added"/);
    expect(svg).toMatch(/<g id="transition:door\.shut#lock#0" class="edge added"/);
    expect(readFileSync(join(repo, 'charts', 'diff', 'door.html'), 'utf8')).toContain('+ state door.locked');
  });

  it('says so, with its own exit code, when the clone has no such commit (shallow or single-commit)', () => {
    const run = charts('--diff', 'HEAD~5');
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('No commit HEAD~5 in this clone');
  });
});
