import { css } from 'styled-system/css';

/** A character counter within its limit, and over it: the post's and each thread part's. */
export const counterWithin = css({ color: 'fg.muted' });
export const counterOver = css({ color: 'danger', fontWeight: 'semibold' });
