import { defineSlotRecipe } from '@pandacss/dev';
import { paginationAnatomy, segmentGroupAnatomy, selectAnatomy } from '@ark-ui/react/anatomy';

const focusRing = { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' } as const;

export const segmentGroup = defineSlotRecipe({
  className: 'segmentGroup',
  slots: segmentGroupAnatomy.keys(),
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2' },
    label: { fontSize: 'sm', fontWeight: 'medium' },
    item: {
      display: 'inline-flex', alignItems: 'center', gap: '1.5', h: '8', px: '2.5', cursor: 'pointer', fontSize: 'sm',
      borderWidth: '1px', borderColor: 'border', bg: 'bg.surface', color: 'fg.muted', marginInlineStart: '-1px',
      _first: { borderStartRadius: 'md', marginInlineStart: '0' },
      _last: { borderEndRadius: 'md' },
      _hover: { bg: 'bg.subtle' },
      _checked: { bg: 'accent.subtle', color: 'accent.emphasized', borderColor: 'accent.default', zIndex: '1' },
      '&:has(input:focus-visible)': focusRing,
    },
    itemText: { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
  },
});

export const select = defineSlotRecipe({
  className: 'select',
  slots: selectAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1' },
    label: { fontSize: 'sm', fontWeight: 'medium' },
    control: { position: 'relative' },
    trigger: {
      display: 'inline-flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', h: '8', minW: '32', px: '3',
      borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg.surface', fontSize: 'sm', cursor: 'pointer',
      _focusVisible: focusRing,
    },
    positioner: { zIndex: 'dropdown' },
    content: {
      bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', boxShadow: 'lg', py: '1', minW: '32',
      maxH: '72', overflowY: 'auto', _focusVisible: { outline: 'none' },
    },
    item: {
      display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '3', py: '1.5', fontSize: 'sm', cursor: 'pointer',
      _highlighted: { bg: 'bg.subtle' },
      _selected: { fontWeight: 'semibold' },
    },
    itemIndicator: { color: 'accent.default' },
  },
});

export const pagination = defineSlotRecipe({
  className: 'pagination',
  slots: paginationAnatomy.keys(),
  base: {
    root: { display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' },
    item: {
      minW: '8', h: '8', px: '2', borderRadius: 'md', fontSize: 'sm', cursor: 'pointer', borderWidth: '1px', borderColor: 'transparent',
      _hover: { bg: 'bg.subtle' },
      _selected: { bg: 'accent.default', color: 'accent.fg', _hover: { bg: 'accent.emphasized' } },
      _focusVisible: focusRing,
    },
    ellipsis: { px: '1', color: 'fg.muted' },
    prevTrigger: {
      h: '8', px: '2', borderRadius: 'md', fontSize: 'sm', cursor: 'pointer', borderWidth: '1px', borderColor: 'border', bg: 'bg.surface',
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      _focusVisible: focusRing,
    },
    nextTrigger: {
      h: '8', px: '2', borderRadius: 'md', fontSize: 'sm', cursor: 'pointer', borderWidth: '1px', borderColor: 'border', bg: 'bg.surface',
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      _focusVisible: focusRing,
    },
  },
});

/** The generic list's layout: toolbar, tiles or table by mode, footer. */
export const dataList = defineSlotRecipe({
  className: 'dataList',
  slots: ['root', 'toolbar', 'tiles', 'tile', 'table', 'row', 'cell', 'headerCell', 'sortButton', 'footer', 'summary'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4', minW: 0 },
    toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' },
    tiles: { display: 'grid', gap: '4', listStyle: 'none', justifyContent: 'start', '&[aria-busy=true]': { opacity: 0.6 } },
    tile: {
      display: 'flex', flexDirection: 'column', h: 'full', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg',
      overflow: 'hidden', color: 'fg.default', textDecoration: 'none', boxShadow: 'sm', transition: 'box-shadow 0.15s',
      _hover: { boxShadow: 'md' },
      _focusVisible: focusRing,
    },
    table: { w: 'full', borderCollapse: 'collapse', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', '&[aria-busy=true]': { opacity: 0.6 } },
    row: { borderTopWidth: '1px', borderColor: 'border', cursor: 'pointer', _hover: { bg: 'bg.subtle' } },
    cell: { px: '3', verticalAlign: 'middle', textAlign: 'start', '& a': { color: 'accent.default', fontWeight: 'semibold', _focusVisible: focusRing } },
    headerCell: { px: '3', py: '2', textAlign: 'start', fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', bg: 'bg.subtle' },
    sortButton: { display: 'inline-flex', alignItems: 'center', gap: '1', cursor: 'pointer', fontWeight: 'inherit', _focusVisible: focusRing },
    footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    summary: { fontSize: 'sm', color: 'fg.muted' },
  },
  variants: {
    mode: {
      'large-tiles': { tile: { fontSize: 'md' } },
      'small-tiles': { tiles: { gap: '3' }, tile: { fontSize: 'sm' } },
      'large-rows': { cell: { py: '3' } },
      'small-rows': { cell: { py: '1', fontSize: 'sm' } },
    },
  },
  defaultVariants: { mode: 'large-tiles' },
  staticCss: ['*'],
});
