import { createContext, useContext } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';

/** XState's inspection option, given to every actor the app creates: empty in the app, the live feed in QA mode. */
export type Inspection = Pick<ActorOptions<AnyActorLogic>, 'inspect'>;

const InspectionContext = createContext<Inspection>({});

/** The root gives the inspection once (src/qa/main.tsx); the app's own build gives none. */
export const InspectionProvider = InspectionContext.Provider;

/** Spread into every useActorRef / createActor options of a view, so QA mode sees each page's actor. */
export const useInspection = (): Inspection => useContext(InspectionContext);
