import { createLiveFeed } from './live-feed';
import { qaInspect } from './qa-mode';

// The QA build only: its entry (src/qa/main.tsx) imports this module before it creates the app, so every actor the
// app creates (each passes qaInspect) reports to this tab's live feed through XState's inspection, from its first event.

/** This tab's actors for the live panel and /qa/live windows. */
export const liveFeed = createLiveFeed();
qaInspect.inspect = liveFeed.receive;
