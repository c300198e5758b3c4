import type { ReactNode } from 'react';
import { QaFrame } from '../views/qa/QaFrame';
import { createLiveFeed } from './live-feed';
import { qaInspect } from './qa-mode';

// QA mode only: src/main.tsx loads this module before it starts the app, so from here on every actor the app creates
// (each passes qaInspect) reports to this tab's live feed through XState's inspection, from its first event.

/** This tab's actors for the live panel and /qa/live windows. */
export const liveFeed = createLiveFeed();
qaInspect.inspect = liveFeed.receive;

/** The app in QA mode's frame: the studio at /qa, the live panel beside the app elsewhere. */
export const withQa = (app: ReactNode) => <QaFrame feed={liveFeed}>{app}</QaFrame>;
