/**
 * "Watch the server": the sub-chart of a page showing something the server changes on its own (a scheduled draft it
 * publishes, a delivery still pending). After each reading it decides: watch closely (read again every
 * `pollInterval`), wait for a known time (read again after `untilDue`), or rest. The reading state itself is the
 * chart's own (what it reads and what a reading changes differ), named by `read`; it goes back to `deciding`.
 * Each chart defines the delays `pollInterval` and `untilDue` in its setup, so each keeps its own interval.
 */
export interface WatchServer<Watch extends string, Wait extends string, Read extends string, First> {
  /** Transitions tried before the others (the calendar: nothing shown, so nothing to watch). */
  first?: readonly First[];
  /** The guard: the server is about to change what is shown; read again every `pollInterval`. */
  watch: Watch;
  /** The guard: something shown comes due later; read again after `untilDue`. */
  wait: Wait;
  /** The chart's state that reads again. */
  read: Read;
  /** Each state's description, in the chart's own words. */
  describe: { idle: string; waiting: string; watching: string };
}

/** The states `deciding` (initial), `idle`, `waiting` and `watching`, to spread beside the chart's reading state. */
export function watchServer<Watch extends string, Wait extends string, Read extends string, First = never>({
  first = [],
  watch,
  wait,
  read,
  describe,
}: WatchServer<Watch, Wait, Read, First>) {
  return {
    deciding: {
      always: [
        ...first,
        { guard: watch, target: 'watching' as const },
        { guard: wait, target: 'waiting' as const },
        { target: 'idle' as const },
      ],
    },
    idle: { description: describe.idle },
    waiting: { description: describe.waiting, after: { untilDue: read } },
    watching: { description: describe.watching, after: { pollInterval: read } },
  };
}
