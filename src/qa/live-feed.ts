import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface LiveLogEntry {
  type: string;
  time: number;
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

  function receive(e: InspectionEvent) {
    const ref = e.actorRef as unknown as Ref;
    const machineId = machineIdOf(ref);
    if (e.type === '@xstate.actor' && machineId) {
      actors.set(ref.sessionId, {
        id: ref.sessionId,
        machineId,
        parent: machineIdOf(ref._parent),
        active: [],
        leaves: [],
        log: [],
      });
      changed();
    } else if (e.type === '@xstate.snapshot') {
      const actor = actors.get(ref.sessionId);
      if (!actor) return;
      const snapshot = e.snapshot as AnyMachineSnapshot;
      if (snapshot.status === 'stopped') actors.delete(actor.id);
      else {
        const after = leaves(snapshot);
        actor.log = [{ type: e.event.type, time: Date.now(), before: actor.leaves, after }, ...actor.log].slice(0, LOG_LENGTH);
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
