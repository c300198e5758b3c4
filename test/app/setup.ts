import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { speedUpComputedStyle } from './jsdom-styles.ts';

// findBy/waitFor give up after 1 s by default: on a busy two-core runner a debounced search and its answer can take
// longer than that. A wait that is never met still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// The files of this project share their worker's module cache and globals (isolate: false, vitest.config.ts): what one
// file leaves behind must not reach the next.
const reactInternals = (React as unknown as Record<string, { actQueue: unknown[] | null }>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
beforeAll(() => {
  // The document as a file in a worker of its own finds it: a dialog's scroll lock, inert marks or portals that a
  // file's last test left on <body> (they are undone a moment after unmount) are not the next file's page.
  for (const el of [document.documentElement, document.body]) for (const { name } of [...el.attributes]) el.removeAttribute(name);
  document.body.replaceChildren();
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // An act() given a promise and not awaited stays open: every later render in this worker, in other files, would wait
  // for it and find the page empty. Said here, in the file that left it open.
  expect(reactInternals.actQueue, 'an act() scope is still open: await every act() whose callback returns a promise').toBeNull();
});

// getComputedStyle, which every role query calls many times, without matching what cannot match (jsdom-styles.ts).
speedUpComputedStyle(window);

// jsdom lacks ResizeObserver, which Ark UI's positioned parts (menus, selects) observe.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom lacks matchMedia, which the signed-in shell asks for the screen's width: answer for jsdom's own window
// (1024 px wide), so pages render their wide layout unless a test fakes a phone.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = ((media: string) => {
    const minWidth = /\(min-width:\s*(\d+)px\)/.exec(media);
    return {
      media,
      matches: minWidth ? window.innerWidth >= Number(minWidth[1]) : false,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}
