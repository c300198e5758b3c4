import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import type { AppRuntime } from '../../app';
import type { Notice } from '../../machines/toasts/notice';
import { useApp } from '../app-context';
import { useLeaveGuard } from './leave-guard';

/** What an editor's chart does beyond its service: toasts, and moving the app. */
export interface EditorMoves {
  notify: (notice: Notice) => void;
  /** The editor's own move (a new artwork or post just saved: /new to /<id>): the address follows, the actor stays. */
  navigate: (to: string) => void;
  /** Where the artist chose to go, past the leave guard (they chose to leave unsaved changes). */
  leave: (to: string) => void;
}

export interface EditorIdentity<Logic> {
  /** The React key of the editor: while it stays the same, so does the editor's actor. */
  key: string;
  /** The editor's chart, provided by `make` (a module-level function: it is called again only when the app changes). */
  logic: Logic;
}

/**
 * Which editor actor an editor route shows (the artwork editor's, the post editor's). The address is keyed by what it
 * names (`urlKey`: 'new/PHYSICAL_2D', a post id...), but the editor's own move from /new to /<id> keeps its actor:
 * the route only mirrors the actor's id into the address. Any other change of address starts a fresh actor, even back
 * to the address the editor started from (New again after saving): the generation makes that key a new one.
 * The chart is made once per app, with the moves that keep this identity.
 */
export function useEditorIdentity<Logic>(urlKey: string, make: (app: AppRuntime, moves: EditorMoves) => Logic): EditorIdentity<Logic> {
  const app = useApp();
  const [location] = useLocation();
  // The editor's own moves (after saving or deleting) and a confirmed leave are never held by its guard.
  const { pass } = useLeaveGuard();
  // The address the editor moved to itself, and the key it had there.
  const moved = useRef<{ to: string; key: string } | null>(null);
  // The refs are compared with the address during render so the key changes in the very render that shows a new
  // address (a new actor at once), and stays in the render that shows the editor's own move.
  /* eslint-disable react-hooks/refs */
  const generation = useRef(0);
  if (moved.current && moved.current.to !== location) {
    moved.current = null;
    generation.current += 1;
  }
  const key = moved.current?.key ?? `${urlKey}#${generation.current}`;
  const keyRef = useRef(key);
  keyRef.current = key;

  const navigate = useCallback(
    (to: string) => {
      moved.current = { to, key: keyRef.current };
      pass(to, { replace: true });
    },
    [pass],
  );
  const logic = useMemo(
    () =>
      make(app, {
        notify: ({ title, toastType }) => app.toasts.send({ type: 'toast.add', title, toastType }),
        navigate,
        leave: (to) => pass(to),
      }),
    [make, app, navigate, pass],
  );
  return { key, logic };
  /* eslint-enable react-hooks/refs */
}
