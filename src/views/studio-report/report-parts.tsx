import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { panelClass } from '../ui/panel';

/** One card of Home's report: a titled box that takes a column of the grid. */
export function ReportCard({
  title,
  id,
  children,
  actions,
  wide = false,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Takes the grid's whole width (a table or chart that needs the room). */
  wide?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={cx(panelClass, wide && css({ gridColumn: '1 / -1' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
        <h3 id={id} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Label and figure pairs, the figures lined up on the right. */
export function Figures({ rows, label }: { rows: ReadonlyArray<readonly [string, ReactNode]>; label: string }) {
  return (
    <dl aria-label={label} className={css({ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: '4', rowGap: '1' })}>
      {rows.map(([name, value]) => (
        <div key={name} className={css({ display: 'contents' })}>
          <dt className={css({ color: 'fg.muted' })}>{name}</dt>
          <dd className={css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right', fontWeight: 'medium' })}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
