import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { studioReportMachine } from '../../src/machines/studio-report/studio-report.machine';
import { emptyStudioReport, type StudioReport } from '../../src/schemas/studio-report.schema';
import { REPORT_TEXT, StudioReportPanel } from '../../src/views/studio-report/StudioReport';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof studioReportMachine>;
type Event = ModelEvent<typeof studioReportMachine>;
const THIS_YEAR = new Date().getFullYear();
const FAILURE = 'The server could not be reached. Check your connection and try again.';

const empty = emptyStudioReport(THIS_YEAR);
/** This year: sales in March through Galerie Nord, an overdue consignment and a lapsing hold; last year: no sale. */
const reportOf = (year: number): StudioReport => ({
  ...empty,
  year,
  pieces: {
    total: 5,
    sale: { available: 2, reserved: 1, sold: 2, notForSale: 0 },
    custody: { studio: 2, consigned: 1, onLoan: 0, withBuyer: 2, elsewhere: 0 },
  },
  availableValue: { sums: [{ currency: 'EUR', amount: 125000 }], unpriced: 1 },
  ...(year === THIS_YEAR
    ? {
        sales: {
          totals: [{ currency: 'EUR', count: 2, gross: 480000, commission: 120000, net: 360000 }],
          byGallery: [{ contactId: 'g1', name: 'Galerie Nord', currency: 'EUR', count: 2, gross: 480000, commission: 120000, net: 360000 }],
          byMonth: [{ month: 3, currency: 'EUR', count: 2, gross: 480000, commission: 120000, net: 360000 }],
        },
        overdueConsignments: [{ consignmentId: 'c1', gallery: 'Galerie Nord', endsOn: `${year}-01-31`, worksOut: 1 }],
        lapsingHolds: [
          { artworkId: 'a1', title: 'Blue Harbour', copy: '3/25', contact: 'Grace Hopper', until: `${year}-12-31T23:59:59.999Z` },
        ],
      }
    : {}),
});

// Back one year and forward again is enough to see both buttons work; the empty report is only the first answer.
const events = (s: Snapshot): Event[] => {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadReport', output: reportOf(s.context.year) },
      ...(s.context.report === null ? [{ type: 'xstate.done.actor.loadReport', output: empty } as Event] : []),
      { type: 'xstate.error.actor.loadReport', error: new Error(FAILURE) },
    ];
  if (s.matches('failed')) return [{ type: 'report.retry' }];
  if (s.context.report?.pieces.total === 0) return [];
  return s.context.year === THIS_YEAR ? [{ type: 'year.previous' }, { type: 'year.next' }] : [{ type: 'year.next' }];
};
const model = createModel(studioReportMachine, { events, input: { thisYear: THIS_YEAR } });
const paths = coveringPaths(model);

let loadReport = controlledPromise<StudioReport, { year: number }>('loadReport');
afterEach(() => {
  loadReport = controlledPromise<StudioReport, { year: number }>('loadReport');
});

const yearButtons = () => [
  screen.getByRole('button', { name: REPORT_TEXT.previousYear }),
  screen.getByRole('button', { name: REPORT_TEXT.nextYear }),
];
/** What the report shows for the year it holds. */
const showsReport = (s: Snapshot) => {
  const year = s.context.report!.year;
  const region = screen.getByRole('region', { name: REPORT_TEXT.title });
  expect(region).toHaveAttribute('aria-busy', String(s.matches('loading')));
  expect(within(screen.getByRole('list', { name: 'Asking value of available work' })).getByText('EUR 1,250.00')).toBeInTheDocument();
  expect(screen.getByText(/1 work has no price/)).toBeInTheDocument();
  const bySale = within(screen.getByLabelText('By sale status'));
  expect(bySale.getByText('On hold').nextSibling).toHaveTextContent('1');
  expect(screen.getByRole('heading', { name: `Sales in ${year}` })).toBeInTheDocument();
  if (year === THIS_YEAR) {
    expect(screen.getByText('Net to you').nextSibling).toHaveTextContent('EUR 3,600.00');
    expect(screen.getByTestId('net-EUR-3')).toHaveTextContent('March: EUR 3,600.00');
    expect(screen.getByTestId('net-EUR-4')).toHaveTextContent('April: EUR 0.00');
    expect(
      within(screen.getByRole('row', { name: /Galerie Nord/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'EUR 4,800.00', 'EUR 1,200.00', 'EUR 3,600.00']);
    expect(screen.getByTestId('overdue-consignment')).toHaveTextContent(
      `Galerie Nord: the consignment ended on 31 Jan ${year}, and 1 work is still there.`,
    );
    expect(within(screen.getByTestId('overdue-consignment')).getByRole('link')).toHaveAttribute('href', '/portfolio/consignments');
    expect(screen.getByTestId('lapsing-hold')).toHaveTextContent(`Blue Harbour (3/25): on hold for Grace Hopper until 31 Dec ${year}.`);
    expect(within(screen.getByTestId('lapsing-hold')).getByRole('link')).toHaveAttribute('href', '/portfolio/artwork/a1?tab=inventory');
  } else {
    expect(screen.getByText(`No sale recorded in ${year}.`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Needs attention' })).toBeNull();
  }
  const [back, forward] = yearButtons();
  expect(back).toHaveProperty('disabled', !s.can({ type: 'year.previous' }));
  expect(forward).toHaveProperty('disabled', !s.can({ type: 'year.next' }));
};

const states = {
  loading: (s: Snapshot) => {
    expect(loadReport.calls.at(-1)).toEqual({ year: s.context.year });
    if (s.context.report) showsReport(s);
    else expect(screen.getByRole('status')).toHaveTextContent(REPORT_TEXT.loading);
  },
  ready: (s: Snapshot) => {
    if (s.context.report!.pieces.total === 0) {
      // A studio with no work yet: Home shows no report at all.
      expect(screen.queryByRole('region', { name: REPORT_TEXT.title })).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    } else showsReport(s);
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.queryByRole('region', { name: REPORT_TEXT.title })).toBeNull();
  },
};

describe("studioReport: Home's report follows the chart", () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    render(<StudioReportPanel logic={studioReportMachine.provide({ actors: { loadReport: loadReport.logic } })} />);
    await path.test({
      events: {
        'xstate.done.actor.loadReport': ({ event }) => act(() => loadReport.resolve((event as unknown as { output: StudioReport }).output)),
        'xstate.error.actor.loadReport': () => act(() => loadReport.reject(new Error(FAILURE))),
        'report.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
        'year.previous': () => user.click(screen.getByRole('button', { name: REPORT_TEXT.previousYear })),
        'year.next': () => user.click(screen.getByRole('button', { name: REPORT_TEXT.nextYear })),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(studioReportMachine, paths, { stateTests: states, record: true, input: { thisYear: THIS_YEAR } });
  });
});
