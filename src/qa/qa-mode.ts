import type { InspectionEvent } from 'xstate';

// In the entry chunk, so kept to a few bytes: the studio itself is loaded lazily, and only when this is on.

/** QA mode: the server wrote `<meta name="qa-tools">` into the page (QA_TOOLS=true); no inline script under the CSP. */
export const qaOn = !!document.querySelector('meta[name=qa-tools]');

/** Inspection events, kept until the live panel (lazy) takes over as `listen`. */
export const qaFeed: { events: InspectionEvent[]; listen?: (e: InspectionEvent) => void } = { events: [] };

/**
 * Spread into every createActor / useActorRef options: with QA mode on the actor's system reports to the live panel
 * through XState's own inspection; off, nothing.
 */
export const qaInspect = qaOn ? { inspect: (e: InspectionEvent) => (qaFeed.listen ? qaFeed.listen(e) : qaFeed.events.push(e)) } : {};
