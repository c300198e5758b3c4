import type { SnapshotFrom } from 'xstate';
import type { lightboxMachine } from './lightbox.machine';

type LightboxSnapshot = SnapshotFrom<typeof lightboxMachine>;

/** The picture shown large (its place in the set), or null while closed. */
export const selectShown = (s: LightboxSnapshot) => (s.matches('open') ? s.context.index : null);
