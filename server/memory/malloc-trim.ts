import { createRequire } from 'node:module';

/**
 * glibc hands back only the top of its heap: the space that requests freed between blocks still in use stays in the
 * process (the main arena grew 11 -> 33 MB over the 10-minute soak, and `malloc_trim(0)` took it back to 14 MB). That
 * call returns every whole free page in every arena to the system. Node has no FFI of its own, so koffi calls it,
 * loaded on first use. Where there is no glibc (musl, macOS, Windows) there is nothing to call, and this answers a
 * function that does nothing.
 */
export function mallocTrim(): () => void {
  if (process.platform !== 'linux') return () => {};
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => void trim(0);
  } catch {
    return () => {};
  }
}
