import type { InspectionEvent } from 'xstate';

/**
 * Spread into every createActor / useActorRef options (test/unit/qa-inspect.test.ts holds the app to it). Empty, so
 * the sign-in entry carries nothing of QA; in QA mode src/qa/qa-boot.tsx, which src/main.tsx loads before the app
 * starts, gives it the live feed as XState's inspection observer, so each actor's system reports from its first event.
 */
export const qaInspect: { inspect?: (e: InspectionEvent) => void } = {};
