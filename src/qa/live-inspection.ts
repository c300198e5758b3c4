import type { Inspection } from '../views/inspection';
import { createLiveFeed } from './live-feed';

// The QA build only: its entry (src/qa/main.tsx) gives `inspection` to the app it creates and to the views (through
// InspectionProvider), so every actor the app creates reports to this tab's live feed, from its first event.

/** This tab's actors for the live panel and /qa/live windows. */
export const liveFeed = createLiveFeed();

/** XState's inspection option that feeds the live panel. */
export const inspection: Inspection = { inspect: liveFeed.receive };
