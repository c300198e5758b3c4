import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface LiveLogEntry {
  type: string;
  time: number;
  /** The order events came in, across this tab's actors (several may share a millisecond). */
  seq: number;
  /** Active leaf state ids before and after the event. */
  before: string[];
  after: string[];
}

export interface LiveActor {
  /** XState's session id of the actor, unique in its tab. */
  id: string;
  machineId: string;
  /** The machine id of the actor that started it, for invoked and spawned charts. */
  parent: string | null;
  /** Every active state node id (compound ones included). */
  active: string[];
  /** Newest first. */
  log: LiveLogEntry[];
}

export interface LiveTab {
  tab: string;
  path: string;
  actors: LiveActor[];
}

const LOG_LENGTH = 40;
export const LIVE_CHANNEL = 'artist-studio-qa-live';
type Message = { type: 'tab'; tab: LiveTab } | { type: 'gone'; tab: string } | { type: 'hello' };

/** What inspection hands over: an actor, whose logic is a machine (root, id) for the charts listed here. */
interface Ref {
  sessionId: string;
  logic?: { root?: unknown; id?: unknown };
  _parent?: Ref;
}
const machineIdOf = (ref: Ref | undefined): string | null => (ref?.logic?.root && typeof ref.logic.id === 'string' ? ref.logic.id : null);
const activeIds = (snapshot: AnyMachineSnapshot) => snapshot._nodes.map((n) => n.id);
const leaves = (snapshot: AnyMachineSnapshot) => snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id);

/**
 * The actors running in this tab as XState's inspection reports them to `receive` (src/qa/live-inspection.ts makes it
 * every actor's observer): each machine's active states and an event log. Told to the live panel by subscription, and
 * to /qa/live windows over a BroadcastChannel.
 */
export function createLiveFeed(tabId = crypto.randomUUID()) {
  const actors = new Map<string, LiveActor & { leaves: string[] }>();
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LIVE_CHANNEL) : null;
  let list: LiveActor[] = [];
  let queued = false;
  let seq = 0;

  const tab = (): LiveTab => ({ tab: tabId, path: location.pathname, actors: list });
  const publish = () => {
    queued = false;
    // Only actors that started: React may create an actor for a render it then throws away (a lazy page suspending).
    list = [...actors.values()].filter((a) => a.active.length).map(({ leaves: _leaves, ...actor }) => ({ ...actor, log: [...actor.log] }));
    listeners.forEach((l) => l());
    channel?.postMessage({ type: 'tab', tab: tab() } satisfies Message);
  };
  // Many inspection events come in one go (a microstep each): the panel and the channel hear of them once.
  const changed = () => {
    if (!queued) queueMicrotask(publish);
    queued = true;
  };

  const register = (ref: Ref, machineId: string) => {
    const actor = { id: ref.sessionId, machineId, parent: machineIdOf(ref._parent), active: [], leaves: [], log: [] };
    actors.set(ref.sessionId, actor);
    return actor;
  };

  function receive(e: InspectionEvent) {
    const ref = e.actorRef as unknown as Ref;
    const machineId = machineIdOf(ref);
    if (e.type === '@xstate.actor' && machineId) {
      register(ref, machineId);
      changed();
    } else if (e.type === '@xstate.snapshot') {
      const snapshot = e.snapshot as AnyMachineSnapshot;
      // An actor started again after a stop (React's StrictMode does so in development) announces itself only once.
      const actor = actors.get(ref.sessionId) ?? (machineId && snapshot.status === 'active' ? register(ref, machineId) : undefined);
      if (!actor) return;
      if (snapshot.status === 'stopped') actors.delete(actor.id);
      else {
        const after = leaves(snapshot);
        actor.log = [{ type: e.event.type, time: Date.now(), seq: seq++, before: actor.leaves, after }, ...actor.log].slice(0, LOG_LENGTH);
        actor.leaves = after;
        actor.active = activeIds(snapshot);
      }
      changed();
    }
  }

  channel?.addEventListener(
    'message',
    (m: MessageEvent<Message>) => m.data.type === 'hello' && channel.postMessage({ type: 'tab', tab: tab() }),
  );
  addEventListener('pagehide', () => channel?.postMessage({ type: 'gone', tab: tabId } satisfies Message));
  publish();

  return {
    receive,
    getSnapshot: () => list,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LiveFeed = ReturnType<typeof createLiveFeed>;

/** The charts around every page (the session, the toasts and the navigation shell): the live panel folds them. */
const AROUND_EVERY_PAGE = new Set(['session', 'toasts', 'shell']);

/** Whether an actor runs around every page rather than for the one shown (one it started counts with it). */
export const isAroundEveryPage = (actor: LiveActor) =>
  AROUND_EVERY_PAGE.has(actor.machineId) || (actor.parent !== null && AROUND_EVERY_PAGE.has(actor.parent));

/** One event of a tab's log, with the actor that took it. */
export interface TabLogEntry extends LiveLogEntry {
  actorId: string;
  machineId: string;
}

/** The events of all of a tab's actors, newest first (as many as each actor keeps). */
export const tabLog = (actors: LiveActor[]): TabLogEntry[] =>
  actors.flatMap((a) => a.log.map((entry) => ({ ...entry, actorId: a.id, machineId: a.machineId }))).sort((x, y) => y.seq - x.seq);

/** What /qa/live shows: the app's other tabs of this browser (studio pages left out), as they report themselves. */
export function followTabs(onChange: (tabs: LiveTab[]) => void) {
  const tabs = new Map<string, LiveTab>();
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.addEventListener('message', (m: MessageEvent<Message>) => {
    if (m.data.type === 'tab') {
      if (m.data.tab.path.startsWith('/qa')) tabs.delete(m.data.tab.tab);
      else tabs.set(m.data.tab.tab, m.data.tab);
    } else if (m.data.type === 'gone') tabs.delete(m.data.tab);
    else return;
    onChange([...tabs.values()]);
  });
  channel.postMessage({ type: 'hello' } satisfies Message);
  return () => channel.close();
}
