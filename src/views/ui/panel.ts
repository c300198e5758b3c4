import { css } from 'styled-system/css';

/** A bordered box on the page's surface, its parts in a column: a card of Home's report, a consignment, a review. */
export const panelClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  bg: 'bg.surface',
  minW: '0',
});
