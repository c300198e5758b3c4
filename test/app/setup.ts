import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
