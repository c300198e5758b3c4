import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instance } from '@viz-js/viz';
import { assign, fromPromise, setup } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { chartStates, chartTransitions, machineToDot } from '../../src/qa/chart-graph';
import { findMachines, writeCharts } from '../../scripts/charts';

const uploadMachine = setup({
  types: {
    context: {} as { tries: number },
    events: {} as
      { type: 'file.pick' } | { type: 'upload.cancel' } | { type: 'field.change' } | { type: 'upload.reset' } | { type: 'upload.restart' },
  },
  actors: { sendFile: fromPromise(async () => 'ok') },
  guards: { canRetry: ({ context }) => context.tries < 3 },
}).createMachine({
  id: 'upload',
  context: { tries: 0 },
  initial: 'idle',
  // From any state: the root's transition into one of its own states.
  on: { 'upload.reset': '.idle' },
  states: {
    idle: { on: { 'file.pick': 'busy', 'field.change': { actions: assign({ tries: 0 }) } } },
    busy: {
      type: 'parallel',
      on: { 'upload.cancel': 'idle', 'upload.restart': { target: 'busy', reenter: true } },
      states: {
        transfer: {
          initial: 'sending',
          states: {
            sending: {
              invoke: { id: 'sendFile', src: 'sendFile', onDone: 'sent', onError: 'failed' },
              after: { 500: { target: 'slow' } },
            },
            slow: {},
            failed: {
              always: [
                { guard: 'canRetry', target: 'sending', actions: assign({ tries: ({ context }) => context.tries + 1 }) },
                { target: '#upload.gaveUp' },
              ],
            },
            sent: { type: 'final' },
          },
        },
        progress: { initial: 'hidden', states: { hidden: {} } },
      },
      onDone: 'done',
    },
    gaveUp: {},
    done: { type: 'final' },
  },
});

describe('machineToDot', () => {
  const dot = machineToDot(uploadMachine);

  it('draws compound states as labelled clusters and the regions of a parallel state dashed', () => {
    expect(dot).toMatch(/^digraph "upload" \{\n {2}compound=true;/);
    expect(dot).toContain('subgraph "cluster_upload" {');
    expect(dot).toContain(
      'subgraph "cluster_upload.busy" {\n      label=<<table border="0" cellborder="0" cellspacing="0" cellpadding="1"><tr><td align="left"><b>busy (parallel)</b></td></tr>',
    );
    expect(dot).toMatch(/subgraph "cluster_upload\.busy\.transfer" \{\n.*\n\s+style="rounded,dashed";/);
    expect(dot).toMatch(/subgraph "cluster_upload\.busy\.progress" \{\n.*\n\s+style="rounded,dashed";/);
  });

  it('marks initial states with a filled point, final states with a double circle, invokes in the label', () => {
    expect(dot).toContain('"upload::initial" [shape=point style=filled');
    expect(dot).toContain('"upload::initial" -> "upload.idle" [];');
    expect(dot).toContain('"upload.busy.transfer::initial" -> "upload.busy.transfer.sending" [];');
    expect(dot).toContain('"upload.done" [label=<<b>done</b>> shape=doublecircle');
    const row = (text: string) => `<tr><td align="center"><font point-size="9">${text}</font></td></tr>`;
    expect(dot).toContain(
      `"upload.busy.transfer.sending" [label=<<table border="0" cellborder="0" cellspacing="0" cellpadding="1"><tr><td align="center"><b>sending</b></td></tr>${row('invoke: sendFile')}</table>>];`,
    );
    expect(dot).toContain(
      `"upload.idle" [label=<<table border="0" cellborder="0" cellspacing="0" cellpadding="1"><tr><td align="center"><b>idle</b></td></tr>${row('field.change / xstate.assign (self)')}</table>>];`,
    );
  });

  it('labels edges with the event and guard, delays, invoke results, and clips at cluster borders', () => {
    expect(dot).toContain('"upload.idle" -> "upload.busy::in" [label="file.pick" lhead="cluster_upload.busy"];');
    expect(dot).toContain('"upload.busy::out" -> "upload.idle" [label="upload.cancel" ltail="cluster_upload.busy"];');
    expect(dot).toContain('"upload.busy::out" -> "upload.done" [label="done" ltail="cluster_upload.busy"];');
    expect(dot).toContain('"upload.busy.transfer.sending" -> "upload.busy.transfer.slow" [label="after 500ms"];');
    expect(dot).toContain('"upload.busy.transfer.sending" -> "upload.busy.transfer.sent" [label="sendFile: done"];');
    expect(dot).toContain('"upload.busy.transfer.sending" -> "upload.busy.transfer.failed" [label="sendFile: error"];');
    expect(dot).toContain(
      '"upload.busy.transfer.failed" -> "upload.busy.transfer.sending" [label="always [canRetry]\\n/ xstate.assign" style=dashed];',
    );
    expect(dot).toContain('"upload.busy.transfer.failed" -> "upload.gaveUp" [label="always [else]" style=dashed];');
  });

  it('draws a compound state’s transitions into its own states from inside it, and lists one into itself on it', () => {
    // From the root's way in, without moving the states it points at.
    expect(dot).toContain('"upload::in" -> "upload.idle" [label="upload.reset" constraint=false dir=both arrowtail=odot];');
    expect(dot).toContain('<font point-size="9">upload.restart -&gt; itself (reenter)</font>');
  });

  it('leaves XState’s own actions out of the labels without internals', () => {
    const plain = machineToDot(uploadMachine, { internals: false });
    expect(plain).toContain('"upload.busy.transfer.failed" -> "upload.busy.transfer.sending" [label="always [canRetry]" style=dashed];');
    expect(plain).toContain('<font point-size="9">field.change (self)</font>');
    expect(plain).not.toContain('xstate.assign');
  });

  it('in the studio variant gives Graphviz an id for every state and every transition, drawn or listed', async () => {
    expect(dot).not.toContain(' id="s:');
    const ids = machineToDot(uploadMachine, { ids: true });
    const svg = (await instance()).renderString(ids, { format: 'svg' });
    // Every state, leaf or cluster, comes out as an SVG group Graphviz named after it.
    for (const state of chartStates(uploadMachine)) expect(svg).toContain(`id="s:${state.id}"`);
    // Every transition: an edge (`t:`), or the line listing it on its state (the cell's group, `a_t:`).
    const drawn = chartTransitions(uploadMachine);
    expect(drawn.length).toBe(11);
    for (const t of drawn) expect(svg, t.id).toMatch(new RegExp(`id="(a_)?t:${t.id.replace(/[.*]/g, '\\$&')}"`));
    expect(svg).toContain('id="a_t:upload.idle#field.change#0"');
    expect(svg).toContain('id="a_t:upload.busy#upload.restart#0"');
  });

  it('lists states and transitions flat for the JSON file', () => {
    expect(chartStates(uploadMachine).map((s) => `${s.id}:${s.type}`)).toEqual([
      'upload:compound',
      'upload.idle:atomic',
      'upload.busy:parallel',
      'upload.busy.transfer:compound',
      'upload.busy.transfer.sending:atomic',
      'upload.busy.transfer.slow:atomic',
      'upload.busy.transfer.failed:atomic',
      'upload.busy.transfer.sent:final',
      'upload.busy.progress:compound',
      'upload.busy.progress.hidden:atomic',
      'upload.gaveUp:atomic',
      'upload.done:final',
    ]);
    expect(chartTransitions(uploadMachine)).toContainEqual({
      id: 'upload.busy.transfer.failed#always#0',
      source: 'upload.busy.transfer.failed',
      event: 'always',
      eventType: '',
      guard: 'canRetry',
      targets: ['upload.busy.transfer.sending'],
      actions: ['xstate.assign'],
      reenter: false,
    });
  });

  it('renders to SVG with @viz-js/viz', async () => {
    const result = (await instance()).render(dot, { format: 'svg' });
    expect(result.errors).toEqual([]);
    expect(result.output).toContain('<svg');
    expect(result.output).toContain('sendFile: done');
  });
});

describe('npm run charts', () => {
  const dir = join(process.cwd(), '.tmp', `charts-test-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every machine exported by *.machine.ts and writes svg, json and index.html', async () => {
    mkdirSync(join(dir, 'machines'), { recursive: true });
    writeFileSync(
      join(dir, 'machines', 'door.machine.ts'),
      `import { createMachine } from 'xstate';
export const doorMachine = createMachine({ id: 'door', initial: 'shut', states: { shut: { on: { open: 'open' } }, open: { on: { close: 'shut' } } } });
export const notAMachine = { root: 1 };`,
    );
    writeFileSync(join(dir, 'machines', 'helpers.ts'), 'export const x = 1;');
    expect((await findMachines(join(dir, 'machines'))).map((m) => [m.name, m.exportName, m.machine.id])).toEqual([
      ['door', 'doorMachine', 'door'],
    ]);

    const written = await writeCharts({ machinesDir: join(dir, 'machines'), outDir: join(dir, 'charts') });
    expect(written.map((p) => p.slice(dir.length + 1))).toEqual(['charts/door.svg', 'charts/door.json', 'charts/index.html']);
    expect(readFileSync(join(dir, 'charts', 'door.svg'), 'utf8')).toContain('<svg');
    const json = JSON.parse(readFileSync(join(dir, 'charts', 'door.json'), 'utf8'));
    expect(json).toMatchObject({ name: 'door', id: 'door', definition: { id: 'door', type: 'compound' } });
    expect(json.transitions).toEqual([
      {
        id: 'door.shut#open#0',
        source: 'door.shut',
        event: 'open',
        eventType: 'open',
        targets: ['door.open'],
        actions: [],
        reenter: false,
      },
      {
        id: 'door.open#close#0',
        source: 'door.open',
        event: 'close',
        eventType: 'close',
        targets: ['door.shut'],
        actions: [],
        reenter: false,
      },
    ]);
    const html = readFileSync(join(dir, 'charts', 'index.html'), 'utf8');
    expect(html).toContain('<a href="#door">door</a>');
    expect(html).toMatch(/<div class="chart"><svg/);
  });
});

describe('transition ids', () => {
  it('are unique within every machine, so a chart element and a test path can name one transition', async () => {
    for (const { name, machine } of await findMachines('src/machines')) {
      const ids = chartTransitions(machine).map((t) => t.id);
      expect(new Set(ids).size, name).toBe(ids.length);
    }
  });
});
