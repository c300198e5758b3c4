import type { SnapshotFrom } from 'xstate';
import type { shellMachine } from './shell.machine';

type ShellSnapshot = SnapshotFrom<typeof shellMachine>;

/** A phone-sized screen: the navigation is a drawer behind the menu button. */
export const selectIsPhone = (s: ShellSnapshot) => s.hasTag('phone');
export const selectDrawerOpen = (s: ShellSnapshot) => s.matches({ layout: { narrow: 'drawerOpen' } });
/** The header's avatar picture, once loaded (the one before stays while a new one loads). */
export const selectAvatarUrl = (s: ShellSnapshot) => s.context.avatarUrl;
