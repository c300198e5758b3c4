import type { SnapshotFrom } from 'xstate';
import type { shellMachine } from './shell.machine';

type ShellSnapshot = SnapshotFrom<typeof shellMachine>;

/** A phone-sized screen: the Sections navigation is a drawer behind the menu button. */
export const selectIsPhone = (s: ShellSnapshot) => s.hasTag('phone');
export const selectDrawerOpen = (s: ShellSnapshot) => s.matches({ narrow: 'drawerOpen' });
