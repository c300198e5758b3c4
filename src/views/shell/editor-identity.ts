import { useCallback, useRef } from 'react';
import { useLocation } from 'wouter';
import { useLeaveGuard } from './leave-guard';

export interface EditorIdentity {
  /** The React key of the editor: while it stays the same, so does the editor's actor. */
  key: string;
  /** The editor's own move (a new artwork or post just saved: /new to /<id>): the address follows, the actor stays. */
  navigate: (to: string) => void;
  /** Where the artist chose to go, past the leave guard (they chose to leave unsaved changes). */
  leave: (to: string) => void;
}

/**
 * Which editor actor an editor route shows (the artwork editor's, the post editor's). The address is keyed by what it
 * names (`urlKey`: 'new/PHYSICAL_2D', a post id...), but the editor's own move from /new to /<id> keeps its actor:
 * the route only mirrors the actor's id into the address. Any other change of address starts a fresh actor, even back
 * to the address the editor started from (New again after saving): the generation makes that key a new one.
 */
export function useEditorIdentity(urlKey: string): EditorIdentity {
  const [location] = useLocation();
  // The editor's own moves (after saving or deleting) and a confirmed leave are never held by its guard.
  const { pass } = useLeaveGuard();
  // The address the editor moved to itself, and the key it had there.
  const moved = useRef<{ to: string; key: string } | null>(null);
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
  const leave = useCallback((to: string) => pass(to), [pass]);
  return { key, navigate, leave };
}
