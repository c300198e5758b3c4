import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Router, useRouter, type BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { guardBrowserLocation, type GuardedBrowserLocation } from './browser-back-guard';

/** Asked before an in-app navigation: true means a page took it over (it asks the artist first). */
export type LeaveBlocker = (to: string) => boolean;
type NavigateOptions = { replace?: boolean };
type Navigate = (to: string, options?: NavigateOptions) => void;

interface LeaveGuard {
  setBlocker: (blocker: LeaveBlocker | null) => void;
  /** Navigates without asking: the artist already chose to leave, or the page moves itself (after saving). */
  pass: (to: string, options?: NavigateOptions) => void;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);
const noGuard: LeaveGuard = { setBlocker: () => {}, pass: () => {} };

const noSubscription = () => () => {};
const noPath = () => '';

/** What one LeaveGuardRouter keeps between renders: the page's blocker, and the parent router's navigate. */
class GuardCore implements LeaveGuard {
  private blocker: LeaveBlocker | null = null;
  private passing = false;
  private navigate: Navigate = () => {};

  /** The browser's address as the pages see it, when the router follows the browser (else the parent's is theirs). */
  readonly browser: GuardedBrowserLocation | null;

  constructor(followsBrowser: boolean) {
    this.browser = followsBrowser ? guardBrowserLocation((to) => this.holds(to)) : null;
  }

  /** Called by the location hook on each render: the parent's navigate, for `pass`. */
  follow(navigate: Navigate) {
    this.navigate = navigate;
  }

  /** True when the page takes the navigation to `to` over (it asks the artist first). */
  holds(to: string) {
    return !this.passing && (this.blocker?.(to) ?? false);
  }

  setBlocker = (blocker: LeaveBlocker | null) => {
    this.blocker = blocker;
  };

  pass = (to: string, options?: NavigateOptions) => {
    // Leaving after a held Back goes back in history rather than pushing the address it was going to.
    if (!options?.replace && this.browser?.leaveBack(to)) return;
    this.browser?.forget();
    this.passing = true;
    try {
      this.navigate(to, options);
    } finally {
      this.passing = false;
    }
  };
}

/** The router's location hook, guarded: the parent's navigate asks the page first; Back is held in `core.browser`. */
function guardedHook(parentHook: BaseLocationHook, core: GuardCore): BaseLocationHook {
  const { browser } = core;
  return function useGuardedLocation() {
    const [parentLocation, navigate] = parentHook();
    const browserPath = useSyncExternalStore(browser?.subscribe ?? noSubscription, browser?.path ?? noPath);
    const location = browser ? browserPath : parentLocation;
    core.follow(navigate as Navigate);
    const guarded: Navigate = (to, options) => {
      // A link to where the artist already is (New Social Media Post on a new post) leaves nothing: not asked.
      if (to !== location && core.holds(to)) return;
      browser?.forget();
      navigate(to, options);
    };
    return [location, guarded];
  };
}

/**
 * Every in-app navigation (wouter's Link, useLocation's setter) goes through the router's location hook; this wraps
 * the hook of the router around it so that a page with unsaved changes can hold a navigation and ask first. When that
 * router follows the browser's address, the pages inside read it through `guardBrowserLocation`, which holds the
 * browser's Back and Forward the same way (browser-back-guard.ts).
 */
export function LeaveGuardRouter({ children }: { children: ReactNode }) {
  const parent = useRouter();
  const parentHook = parent.hook as BaseLocationHook;
  const followsBrowser = parentHook === useBrowserLocation;
  const core = useMemo(() => new GuardCore(followsBrowser), [followsBrowser]);
  const hook = useMemo(() => guardedHook(parentHook, core), [parentHook, core]);

  return (
    <LeaveGuardContext.Provider value={core}>
      {/* A router given its own hook starts from wouter's defaults: the parent's search (?artwork=) is kept by hand. */}
      <Router hook={hook} searchHook={parent.searchHook}>
        {children}
      </Router>
    </LeaveGuardContext.Provider>
  );
}

/** The guard around this page (a no-op outside a LeaveGuardRouter). */
export const useLeaveGuard = (): LeaveGuard => useContext(LeaveGuardContext) ?? noGuard;

/**
 * While mounted, asks `block` before in-app navigations, and has the browser ask before a reload or closing the tab
 * while `hasUnsavedChanges()` (the browser shows its own words there; pages cannot choose them).
 */
export function useBlockLeaving(block: LeaveBlocker, hasUnsavedChanges: () => boolean) {
  const { setBlocker } = useLeaveGuard();
  const latest = useRef({ block, hasUnsavedChanges });
  // Kept current after each render (not during it), for the navigation and unload handlers that read it later.
  useLayoutEffect(() => {
    latest.current = { block, hasUnsavedChanges };
  });
  const blocker = useCallback((to: string) => latest.current.block(to), []);

  useEffect(() => {
    setBlocker(blocker);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!latest.current.hasUnsavedChanges()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      setBlocker(null);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [blocker, setBlocker]);
}

/** A form's chart that answers `leave.request` by asking (its flow's selector says when) if it has unsaved changes. */
interface LeaveAwareActor<Snapshot> {
  getSnapshot(): Snapshot;
  send(event: { type: 'leave.request'; to: string }): void;
}

/**
 * Guards leaving a form whose chart decides: an in-app navigation is sent to the chart as `leave.request` and held
 * only when the chart goes on to ask (`isAskingToLeave(snapshot)`); a reload or closing the tab is held while
 * `hasUnsavedChanges(context)`.
 */
export function useChartLeaveGuard<Snapshot extends { status: string; context: unknown }>(
  actor: LeaveAwareActor<Snapshot>,
  hasUnsavedChanges: (context: Snapshot['context']) => boolean,
  isAskingToLeave: (snapshot: Snapshot) => boolean,
) {
  const active = () => actor.getSnapshot().status === 'active';
  useBlockLeaving(
    (to) => {
      if (!active()) return false;
      actor.send({ type: 'leave.request', to });
      return isAskingToLeave(actor.getSnapshot());
    },
    () => active() && hasUnsavedChanges(actor.getSnapshot().context),
  );
}
