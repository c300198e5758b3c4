import { assign, setup, type ActorRefFrom } from 'xstate';

export type SelectionEvent =
  | { type: 'selection.enter' }
  | { type: 'selection.exit' }
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.selectAll'; ids: string[] }
  | { type: 'selection.deselectAll' };

/**
 * A multi-select mode over items by id (the Media tab's files, My Artworks' artworks): 'Select Multiple' enters it,
 * leaving it clears the selection.
 */
export const selectionMachine = setup({
  types: {
    context: {} as { selected: string[] },
    events: {} as SelectionEvent,
  },
  actions: {
    clear: assign({ selected: [] }),
  },
}).createMachine({
  id: 'selection',
  context: { selected: [] },
  initial: 'off',
  states: {
    off: { on: { 'selection.enter': 'on' } },
    on: {
      description: 'Items show checkboxes; the selected ones can be changed or deleted together.',
      exit: 'clear',
      on: {
        'selection.exit': 'off',
        'selection.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
          }),
        },
        'selection.selectAll': { actions: assign({ selected: ({ event }) => [...event.ids] }) },
        'selection.deselectAll': { actions: 'clear' },
      },
    },
  },
});

export type SelectionRef = ActorRefFrom<typeof selectionMachine>;
