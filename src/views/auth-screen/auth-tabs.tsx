import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabs } from 'styled-system/recipes/tabs';

export interface AuthTab<V extends string> {
  value: V;
  label: string;
}

const STEP: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The signed-out screen's tabs, rendered from the auth-screen chart's state (WAI-ARIA tabs pattern: one tab stop,
 * arrow keys, Home and End move and select). Ark's Tabs would carry its own state machine runtime to the first
 * screen, about 7.5 KB of Brotli on the sign-in budget, to hold a state the chart already holds; the signed-in
 * app keeps Ark's Tabs (views/ui/tabs.tsx). Styled by the same tabs recipe.
 */
export function AuthTabs<V extends string>(props: {
  label: string;
  items: readonly AuthTab<V>[];
  value: V;
  onSelect: (value: V) => void;
  children: ReactNode;
}) {
  const { label, items, value, onSelect, children } = props;
  const id = useId();
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const classes = tabs();
  const tabId = (v: V) => `${id}-tab-${v}`;

  const onKeyDown = (e: KeyboardEvent) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    const next =
      items[
        step(
          items.findIndex((t) => t.value === value),
          items.length,
        )
      ]!.value;
    refs.current.get(next)?.focus();
    if (next !== value) onSelect(next);
  };

  return (
    <div className={classes.root}>
      {/* The tabs inside are the focusable controls (one tab stop); the list only hears their arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={classes.list} onKeyDown={onKeyDown}>
        {items.map((t) => (
          <button
            key={t.value}
            ref={(el) => void (el ? refs.current.set(t.value, el) : refs.current.delete(t.value))}
            type="button"
            role="tab"
            id={tabId(t.value)}
            aria-selected={t.value === value}
            aria-controls={t.value === value ? `${id}-panel` : undefined}
            tabIndex={t.value === value ? 0 : -1}
            className={classes.trigger}
            onClick={() => t.value !== value && onSelect(t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(value)} className={classes.content}>
        {children}
      </div>
    </div>
  );
}
