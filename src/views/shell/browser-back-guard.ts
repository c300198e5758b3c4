/** An address as the browser shows it, and the state of its history entry. */
interface Entry {
  url: string;
  state: unknown;
}

const current = (): Entry => ({ url: location.pathname + location.search + location.hash, state: history.state });
const pageOf = (url: string) => url.split('#')[0];

/** The browser's Back and Forward buttons, held while a page blocks leaving (see `guardBrowserBack`). */
export interface BrowserBackGuard {
  /**
   * Goes where a held Back or Forward was going, by going back one entry (the entry it went to lies just under the
   * form's): true if `to` is that address, false when there is none (then the caller navigates as usual).
   */
  leaveBack: (to: string) => boolean;
  /** Forgets a held Back or Forward: the artist moved another way (a link, the editor's own move). */
  forget: () => void;
  stop: () => void;
}

/**
 * A `popstate` (Back, Forward, a step picked from the browser's history menu) cannot be cancelled: when it comes the
 * address has already changed. This sees it before wouter does (a capture listener on window runs before wouter's
 * own, which listens without capture, whatever the order they were added in), asks `ask(to)` (the page's blocker),
 * and when the page holds it, hides it from wouter, so the page never changes, and puts the form's address back at
 * once with `pushState`. That is synchronous, so no render ever reads the other address (`history.go()` back would
 * be asynchronous). The form's entry is pushed on top of the entry the browser went to: Back and Stay, again and
 * again, leaves the history as long as it was (the form's old entry, and any after it, are replaced by the new one);
 * Forward and Stay adds one entry, and only once (there is no Forward after that). Either way, the address it was
 * going to lies one entry below, so Leave goes there with `history.back()`, not by pushing a copy of it.
 */
export function guardBrowserBack(ask: (to: string) => boolean): BrowserBackGuard {
  let shown = current();
  let held: string | null = null;
  let letNextPass = false;
  const follow = () => {
    shown = current();
  };

  const onPopState = (event: PopStateEvent) => {
    const from = shown;
    follow();
    const to = shown.url;
    if (letNextPass) {
      letNextPass = false;
      return;
    }
    // The same page at another fragment (the skip link to #main) leaves nothing.
    if (pageOf(to) === pageOf(from.url) || !ask(to)) return;
    event.stopImmediatePropagation();
    held = to;
    history.pushState(from.state, '', from.url);
  };

  // wouter's patched pushState and replaceState announce themselves with these events.
  const moves = ['pushState', 'replaceState', 'hashchange'] as const;
  addEventListener('popstate', onPopState, { capture: true });
  for (const move of moves) addEventListener(move, follow);

  return {
    leaveBack: (to) => {
      if (held === null || held !== to) return false;
      held = null;
      letNextPass = true;
      history.back();
      return true;
    },
    forget: () => {
      held = null;
    },
    stop: () => {
      removeEventListener('popstate', onPopState, { capture: true });
      for (const move of moves) removeEventListener(move, follow);
    },
  };
}
