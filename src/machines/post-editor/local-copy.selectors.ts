import type { LocalCopySnapshot } from './local-copy.machine';

/** What the editor shows of its copy in this browser: being written, kept, failed, or nothing to say. */
export const copyStateOf = (s: LocalCopySnapshot): 'pending' | 'kept' | 'failed' | 'none' =>
  s.hasTag('pending') ? 'pending' : s.matches('kept') ? 'kept' : s.matches('failed') ? 'failed' : 'none';
