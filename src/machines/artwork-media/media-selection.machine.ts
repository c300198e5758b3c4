import { assign, setup, type ActorRefFrom } from 'xstate';

export type MediaSelectionEvent =
  | { type: 'selection.enter' }
  | { type: 'selection.exit' }
  | { type: 'selection.toggle'; mediaId: string }
  | { type: 'selection.selectAll'; mediaIds: string[] }
  | { type: 'selection.deselectAll' };

/** The Media tab's multi-select mode: 'Select Multiple' enters it, leaving it clears the selection. */
export const mediaSelectionMachine = setup({
  types: {
    context: {} as { selected: string[] },
    events: {} as MediaSelectionEvent,
  },
  actions: {
    clear: assign({ selected: [] }),
  },
}).createMachine({
  id: 'mediaSelection',
  context: { selected: [] },
  initial: 'off',
  states: {
    off: { on: { 'selection.enter': 'on' } },
    on: {
      description: 'Cards show checkboxes; the selected media can be deleted together.',
      exit: 'clear',
      on: {
        'selection.exit': 'off',
        'selection.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.mediaId)
                ? context.selected.filter((id) => id !== event.mediaId)
                : [...context.selected, event.mediaId],
          }),
        },
        'selection.selectAll': { actions: assign({ selected: ({ event }) => [...event.mediaIds] }) },
        'selection.deselectAll': { actions: 'clear' },
      },
    },
  },
});

export type MediaSelectionRef = ActorRefFrom<typeof mediaSelectionMachine>;
