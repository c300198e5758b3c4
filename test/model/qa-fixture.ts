import type { QaChartLoaded } from '../../src/machines/qa-chart/qa-chart.machine';
import type { QaReport } from '../../src/qa/qa-report';

/** A chart as the studio receives it, small enough to read: idle --go--> busy --back--> idle. */
export const FIXTURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" role="group" aria-label="Statechart of demo">' +
  '<g data-state-id="demo" tabindex="0" role="button" aria-label="State demo"><polygon points="0,0 120,0 120,60 0,60"/></g>' +
  '<g data-state-id="demo.idle" tabindex="0" role="button" aria-label="State demo.idle"><polygon points="5,5 40,5 40,30 5,30"/></g>' +
  '<g data-state-id="demo.busy" tabindex="0" role="button" aria-label="State demo.busy"><polygon points="70,5 110,5 110,30 70,30"/></g>' +
  '<g data-transition-id="demo.idle#go#0"><path d="M40,15 L70,15"/></g>' +
  '<g data-transition-id="demo.busy#back#0"><path d="M70,25 L40,25"/></g>' +
  '</svg>';

/** The same chart drawn with XState's internals: the idle state's action `xstate.assign` written on its edge. */
export const FIXTURE_SVG_INTERNALS = FIXTURE_SVG.replace(
  '<path d="M40,15 L70,15"/>',
  '<path d="M40,15 L70,15"/><text>go / xstate.assign, start</text>',
);

/** The report file's shape, as test/model writes it to .tmp/qa-report.json. */
export const FIXTURE_REPORT: QaReport = {
  generatedAt: '2025-05-01T10:00:00.000Z',
  machines: {
    demo: {
      writtenAt: '2025-05-01T09:58:00.000Z',
      states: { covered: 3, total: 3 },
      transitions: { covered: 1, total: 2 },
      coveredStateIds: ['demo', 'demo.idle', 'demo.busy'],
      coveredTransitionIds: ['demo.idle#go#0'],
      paths: [
        {
          id: 'demo-1',
          test: 'test/model/demo.model.test.tsx › demo › go → back',
          file: 'test/model/demo.model.test.tsx',
          line: 12,
          start: ['demo', 'demo.idle'],
          steps: [
            { event: 'go', transitionIds: ['demo.idle#go#0'], states: ['demo', 'demo.busy'] },
            { event: 'back', transitionIds: ['demo.busy#back#0'], states: ['demo', 'demo.idle'] },
          ],
          asserted: ['demo.idle', 'demo.busy'],
        },
      ],
    },
  },
};

export const FIXTURE_CHART: QaChartLoaded = {
  svg: FIXTURE_SVG,
  states: [
    { id: 'demo', key: 'demo', type: 'compound', parent: null, initial: ['demo.idle'], invoke: [], tags: [] },
    { id: 'demo.idle', key: 'idle', type: 'atomic', parent: 'demo', initial: [], invoke: [], tags: [], description: 'Waits for go.' },
    { id: 'demo.busy', key: 'busy', type: 'atomic', parent: 'demo', initial: [], invoke: [{ id: 'work', src: 'work' }], tags: ['busy'] },
  ],
  transitions: [
    {
      id: 'demo.idle#go#0',
      source: 'demo.idle',
      event: 'go',
      eventType: 'go',
      targets: ['demo.busy'],
      actions: ['xstate.assign', 'start'],
      reenter: false,
    },
    { id: 'demo.busy#back#0', source: 'demo.busy', event: 'back', eventType: 'back', targets: ['demo.idle'], actions: [], reenter: false },
  ],
  report: FIXTURE_REPORT.machines.demo,
  recorded: true,
};
