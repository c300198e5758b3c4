import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Router, useRouter, type BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { guardBrowserBack, type BrowserBackGuard } from './browser-back-guard';

/** Asked before an in-app navigation: true means a page took it over (it asks the artist first). */
export type LeaveBlocker = (to: string) => boolean;
type NavigateOptions = { replace?: boolean };

interface LeaveGuard {
  setBlocker: (blocker: LeaveBlocker | null) => void;
  /** Navigates without asking: the artist already chose to leave, or the page moves itself (after saving). */
  pass: (to: string, options?: NavigateOptions) => void;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);
const noGuard: LeaveGuard = { setBlocker: () => {}, pass: () => {} };

/**
 * Every in-app navigation (wouter's Link, useLocation's setter) goes through the router's location hook; this wraps
 * the hook of the router around it so that a page with unsaved changes can hold a navigation and ask first. When that
 * router follows the browser's address, the browser's Back and Forward are held too (browser-back-guard.ts).
 */
export function LeaveGuardRouter({ children }: { children: ReactNode }) {
  const parentHook = useRouter().hook as BaseLocationHook;
  const blocker = useRef<LeaveBlocker | null>(null);
  const passing = useRef(false);
  const navigateRef = useRef<(to: string, options?: NavigateOptions) => void>(() => {});
  const browserBack = useRef<BrowserBackGuard | null>(null);
  const followsBrowser = parentHook === useBrowserLocation;

  useEffect(() => {
    if (!followsBrowser) return;
    const back = guardBrowserBack((to) => blocker.current?.(to) ?? false);
    browserBack.current = back;
    return () => {
      back.stop();
      browserBack.current = null;
    };
  }, [followsBrowser]);

  const hook = useMemo<BaseLocationHook>(
    () => () => {
      const [location, navigate] = parentHook();
      navigateRef.current = navigate as (to: string, options?: NavigateOptions) => void;
      const guarded = (to: string, options?: NavigateOptions) => {
        // A link to where the artist already is (New Social Media Post on a new post) leaves nothing: not asked.
        if (!passing.current && to !== location && blocker.current?.(to)) return;
        browserBack.current?.forget();
        navigate(to, options);
      };
      return [location, guarded];
    },
    [parentHook],
  );

  const guard = useMemo<LeaveGuard>(
    () => ({
      setBlocker: (b) => {
        blocker.current = b;
      },
      pass: (to, options) => {
        // Leaving after a held Back goes back in history rather than pushing the address it was going to.
        if (!options?.replace && browserBack.current?.leaveBack(to)) return;
        browserBack.current?.forget();
        passing.current = true;
        try {
          navigateRef.current(to, options);
        } finally {
          passing.current = false;
        }
      },
    }),
    [],
  );

  return (
    <LeaveGuardContext.Provider value={guard}>
      <Router hook={hook}>{children}</Router>
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
