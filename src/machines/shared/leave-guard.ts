/**
 * "Leave with unsaved changes": the sub-chart every editor shares. An in-app navigation away is first a
 * `leave.request`; when the chart's guard says work would be lost, the editor waits in `confirmingLeave` (tagged, so
 * the view shows the dialog over the form, still editable behind it) for Stay (back to `editing`) or Leave (to
 * `left`, with the `leave` action taking the artist where they asked). Otherwise the request's other transitions run
 * (the post editor writes its copy first) or nothing does, and the route goes on. Each chart defines the guard and
 * the actions `askToLeave`, `stay` and `leave` in its setup.
 */
export type LeaveEvent = { type: 'leave.request'; to: string } | { type: 'leave.stay' } | { type: 'leave.confirm' };

export interface LeaveGuard<Id extends string, Guard extends string, Otherwise> {
  /** The chart's id: Leave goes to its `left` state. */
  id: Id;
  /** The guard: leaving now would lose the artist's work. */
  losesWork: Guard;
  /** What a request does when nothing would be lost (nothing, by default). */
  otherwise?: readonly Otherwise[];
  /** The dialog state's description, in the chart's own words. */
  describe: string;
}

/** The `leave.request` transition to spread into each editing state's `on`, and the `confirmingLeave` state. */
export function leaveGuard<Id extends string, Guard extends string, Otherwise = never>({
  id,
  losesWork,
  otherwise = [],
  describe,
}: LeaveGuard<Id, Guard, Otherwise>) {
  return {
    request: {
      'leave.request': [{ guard: losesWork, target: 'confirmingLeave' as const, actions: 'askToLeave' as const }, ...otherwise],
    },
    confirmingLeave: {
      description: describe,
      tags: ['confirmingLeave' as const],
      on: {
        'leave.stay': { target: 'editing' as const, actions: 'stay' as const },
        'leave.confirm': {
          target: `#${id}.left` as const,
          actions: { type: 'leave' as const, params: ({ context }: { context: { leaveTo: string | null } }) => context.leaveTo! },
        },
      },
    },
  };
}

/** The form differs from what was last saved (for a new item: from the empty form it started as). */
export const formChanged = ({ form, pristine }: { form: { values: unknown }; pristine: unknown }) =>
  JSON.stringify(form.values) !== JSON.stringify(pristine);
