import { css } from 'styled-system/css';

/** What a drawn chart highlights: active states, the transitions just taken, coverage, the selected state. */
export interface ChartMarks {
  active?: string[];
  taken?: string[];
  coverage?: { states: string[]; transitions: string[] } | null;
  selected?: string | null;
}

const shapes = ':is(path, polygon, ellipse)';

/** The colours of the marks, over Graphviz's own (CSS wins over its presentation attributes). */
export const chartStyles = css({
  bg: 'white',
  color: 'black',
  '& [data-state-id]': { cursor: 'pointer', outline: 'none' },
  '& [data-state-id]:focus-visible > *, & [data-state-id]:focus-visible > a > *': { strokeWidth: '3px' },
  [`& [data-covered=true] ${shapes}`]: { stroke: '#2e6b34' },
  [`& [data-transition-id][data-covered=true] polygon`]: { fill: '#2e6b34' },
  '& [data-transition-id][data-covered=true] text': { fill: '#214e26' },
  [`& [data-transition-id][data-covered=false] ${shapes}`]: { stroke: '#a8261b', strokeDasharray: '5 3' },
  '& [data-transition-id][data-covered=false] polygon': { fill: '#a8261b', strokeDasharray: 'none' },
  '& [data-transition-id][data-covered=false] text': { fill: '#7d1a12' },
  [`& [data-active=true] ${shapes}`]: { fill: '#e4e8f7', stroke: '#2f45a0', strokeWidth: '3px' },
  [`& [data-taken=true] ${shapes}`]: { stroke: '#2f45a0', strokeWidth: '3px' },
  '& [data-taken=true] polygon': { fill: '#2f45a0' },
  '& [data-taken=true] text': { fill: '#23357f', fontWeight: 'bold' },
  [`& [data-selected=true] ${shapes}`]: { stroke: '#d49a2a', strokeWidth: '4px' },
});

/** Writes the marks onto the drawn chart's elements as data attributes (the styles above and the tests read them). */
export function applyMarks(root: Element, { active = [], taken = [], coverage, selected }: ChartMarks) {
  for (const el of Array.from(root.querySelectorAll<SVGElement>('[data-state-id]'))) {
    const id = el.dataset.stateId!;
    el.dataset.active = String(active.includes(id));
    el.dataset.selected = String(selected === id);
    if (coverage) el.dataset.covered = String(coverage.states.includes(id));
    else delete el.dataset.covered;
  }
  for (const el of Array.from(root.querySelectorAll<SVGElement>('[data-transition-id]'))) {
    const id = el.dataset.transitionId!;
    el.dataset.taken = String(taken.includes(id));
    if (coverage) el.dataset.covered = String(coverage.transitions.includes(id));
    else delete el.dataset.covered;
  }
}
