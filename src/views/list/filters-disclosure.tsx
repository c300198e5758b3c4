import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ListActorRef } from '../../machines/list/list.machine';
import { selectHasFilters } from '../../machines/list/list.selectors';
import { ChevronDownIcon } from '../ui/icons';

const summary = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minH: '11',
  px: '4',
  cursor: 'pointer',
  listStyle: 'none',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.surface',
  fontWeight: 'semibold',
  '&::-webkit-details-marker': { display: 'none' },
  '& svg': { transition: 'transform 0.15s' },
  '[open] > &': { '& svg': { transform: 'rotate(180deg)' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

/** On a phone the list's options fold away behind one "Filters" line, which says when some are in use. */
export function FiltersDisclosure({ actor, children }: { actor: ListActorRef; children: ReactNode }) {
  const filtered = useSelector(actor, selectHasFilters);
  return (
    <details className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <summary className={summary}>
        <span>
          Filters
          {filtered ? <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}> (in use)</span> : null}
        </span>
        <ChevronDownIcon />
      </summary>
      <div className={css({ pt: '3' })}>{children}</div>
    </details>
  );
}
