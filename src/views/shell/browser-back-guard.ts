/** An address as the browser shows it: its path (what routes match), the whole of it, and its history entry's state. */
interface Entry {
  path: string;
  url: string;
  state: unknown;
}

const current = (): Entry => ({
  path: location.pathname,
  url: location.pathname + location.search + location.hash,
  state: history.state,
});
const pageOf = (url: string) => url.split('#')[0];

/**
 * The browser's address as the pages inside the leave guard see it: the same, except that a Back or Forward the page
 * holds never shows (see `guardBrowserLocation`).
 */
export interface GuardedBrowserLocation {
  subscribe: (onChange: () => void) => () => void;
  /** The path the pages show. */
  path: () => string;
  /**
   * Goes where a held Back or Forward was going, by going back one entry (the entry it went to lies just under the
   * form's): true if `to` is that address, false when there is none (then the caller navigates as usual).
   */
  leaveBack: (to: string) => boolean;
  /** Forgets a held Back or Forward: the artist moved another way (a link, the editor's own move). */
  forget: () => void;
}

/**
 * A `popstate` (Back, Forward, a step picked from the browser's history menu) cannot be cancelled: when it comes the
 * address has already changed, and wouter's own listener may already have had React render the new one (Chromium
 * runs window's listeners in the order they were added, capture or not, and runs microtasks between them). So the
 * pages inside the guard do not read the browser's path directly but this one, which follows every `pushState` and
 * `replaceState` (announced by wouter's patched history) at once, and a `popstate` only after asking `ask(to)` (the
 * page's blocker). When the page holds it, the path never changes, and the form's address is put back at once with
 * `pushState` (synchronous: `history.go()` back would leave the other address in the bar for a while).
 *
 * The form's entry is pushed on top of the entry the browser went to: Back and Stay, again and again, leave the
 * history as long as it was (the form's old entry, and any after it, are replaced by the new one); Forward and Stay
 * adds one entry, once (there is no Forward after it). Either way the address it was going to lies one entry below,
 * so Leave goes there with `history.back()` rather than pushing a copy of it.
 */
export function guardBrowserLocation(ask: (to: string) => boolean): GuardedBrowserLocation {
  let shown = current();
  let held: string | null = null;
  let letNextPass = false;
  const subscribers = new Set<() => void>();

  const show = (entry: Entry) => {
    const moved = entry.path !== shown.path;
    shown = entry;
    if (moved) for (const notify of subscribers) notify();
  };
  const follow = () => show(current());

  const onPopState = () => {
    const from = shown;
    const to = current();
    if (letNextPass) {
      letNextPass = false;
      show(to);
      return;
    }
    // The same page at another fragment (the skip link to #main) leaves nothing.
    if (pageOf(to.url) === pageOf(from.url) || !ask(to.url)) {
      show(to);
      return;
    }
    held = to.url;
    history.pushState(from.state, '', from.url);
  };

  const listeners = [
    ['popstate', onPopState],
    ['pushState', follow],
    ['replaceState', follow],
    ['hashchange', follow],
  ] as const;

  return {
    subscribe: (onChange) => {
      if (subscribers.size === 0) {
        shown = current();
        for (const [type, listener] of listeners) addEventListener(type, listener);
      }
      subscribers.add(onChange);
      return () => {
        subscribers.delete(onChange);
        if (subscribers.size === 0) for (const [type, listener] of listeners) removeEventListener(type, listener);
      };
    },
    path: () => shown.path,
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
  };
}
