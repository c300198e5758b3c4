import { setup } from 'xstate';

/** The live panel in the running app (QA mode): the floating "Statecharts" button opens it over the page. */
export const qaLiveMachine = setup({
  types: { events: {} as { type: 'panel.toggle' } | { type: 'panel.close' } },
}).createMachine({
  id: 'qaLive',
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the Statecharts button shows.',
      on: { 'panel.toggle': 'open' },
    },
    open: {
      description: "The panel lists this tab's running actors, each with its chart, active states and event log.",
      on: { 'panel.toggle': 'closed', 'panel.close': 'closed' },
    },
  },
});
