import { css } from 'styled-system/css';
import { formatMoney } from '../../schemas/money.schema';
import { plural } from '../../schemas/plural';
import type { SalesSum, StudioReport } from '../../schemas/studio-report.schema';
import { Figures } from './report-parts';

const MONTHS = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2000, i, 1)));
const monthName = (m: number, style: 'long' | 'narrow') => MONTHS[m - 1].toLocaleString('en-US', { month: style, timeZone: 'UTC' });

const tableClass = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { py: '1', px: '2', textAlign: 'right', borderBottomWidth: '1px', borderColor: 'border' },
  '& th:first-child, & td:first-child': { textAlign: 'left', pl: '0' },
  '& td': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** Net to the artist by month in one currency: twelve bars, each with its figure for screen readers. */
function MonthlyNet({ months, currency }: { months: StudioReport['sales']['byMonth']; currency: string }) {
  const net = (m: number) => months.find((x) => x.month === m && x.currency === currency)?.net ?? 0;
  const top = Math.max(...MONTHS.map((_, i) => net(i + 1)), 1);
  return (
    <figure className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>Net by month ({currency})</figcaption>
      <ol className={css({ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: '1', alignItems: 'end', h: '28' })}>
        {MONTHS.map((_, i) => {
          const value = net(i + 1);
          return (
            <li
              key={i}
              data-testid={`net-${currency}-${i + 1}`}
              className={css({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'flex-end',
                h: 'full',
                gap: '1',
              })}
            >
              <span
                aria-hidden="true"
                className={css({ w: 'full', bg: 'accent.default', borderTopRadius: 'sm', minH: '1px' })}
                style={{ height: `${Math.round((value / top) * 100)}%`, opacity: value ? 1 : 0.25 }}
              />
              <span aria-hidden="true" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                {monthName(i + 1, 'narrow')}
              </span>
              <span className={css({ srOnly: true })}>{`${monthName(i + 1, 'long')}: ${formatMoney({ amount: value, currency })}`}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

/** A year's sales that stand: per currency what they brought (gross, commission, net), by month and by gallery. */
export function SalesYear({ sales, year }: { sales: StudioReport['sales']; year: number }) {
  if (!sales.totals.length) return <p className={css({ color: 'fg.muted' })}>No sale recorded in {year}.</p>;
  const money = (s: SalesSum, amount: number) => formatMoney({ amount, currency: s.currency });
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {sales.totals.map((t) => (
        <div key={t.currency} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <Figures
            label={`Sales in ${t.currency}`}
            rows={[
              ['Sales', plural(t.count, 'sale', 'sales')],
              ['Gross', money(t, t.gross)],
              ['Commission', money(t, t.commission)],
              ['Net to you', money(t, t.net)],
            ]}
          />
          <MonthlyNet months={sales.byMonth} currency={t.currency} />
        </div>
      ))}
      {/* A phone scrolls the table sideways; the box takes the keyboard's focus so it can be scrolled without a mouse
          (axe's scrollable-region-focusable), which the lint's rule for non-interactive elements does not know of. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={css({ overflowX: 'auto' })} tabIndex={0} role="group" aria-label="Sales by gallery">
        <table className={tableClass}>
          <caption className={css({ textAlign: 'left', fontSize: 'sm', color: 'fg.muted', pb: '1' })}>By gallery</caption>
          <thead>
            <tr>
              <th scope="col">Sold by</th>
              <th scope="col">Sales</th>
              <th scope="col">Gross</th>
              <th scope="col">Commission</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {sales.byGallery.map((g) => (
              <tr key={`${g.contactId}-${g.currency}`}>
                <th scope="row" className={css({ fontWeight: 'normal' })}>
                  {g.name}
                </th>
                <td>{g.count}</td>
                <td>{money(g, g.gross)}</td>
                <td>{money(g, g.commission)}</td>
                <td>{money(g, g.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
