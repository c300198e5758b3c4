import type { SnapshotFrom } from 'xstate';
import type { qaLiveMachine } from './qa-live.machine';

export const selectIsOpen = (s: SnapshotFrom<typeof qaLiveMachine>) => s.matches('open');
