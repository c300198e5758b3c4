import type { InspectionEvent } from 'xstate';

/**
 * Spread into every createActor / useActorRef options (test/unit/qa-inspect.test.ts holds the app to it). Empty in the
 * app's build; in the QA build (entry src/qa/main.tsx) src/qa/live-inspection.ts gives it the live feed as XState's
 * inspection observer before the app starts, so each actor's system reports from its first event.
 */
export const qaInspect: { inspect?: (e: InspectionEvent) => void } = {};
