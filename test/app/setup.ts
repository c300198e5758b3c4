import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default: on a busy two-core runner a debounced search and its answer can take
// longer than that. A wait that is never met still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

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
