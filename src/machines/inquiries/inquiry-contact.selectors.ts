import type { SnapshotFrom } from 'xstate';
import type { inquiryContactMachine } from './inquiry-contact.machine';

type Snapshot = SnapshotFrom<typeof inquiryContactMachine>;

/** The buttons wait while the contacts are read and while one inquiry's contact is opened. */
export const selectContactBusy = (s: Snapshot) => !s.matches('ready');
export const selectKnownAddresses = (s: Snapshot) => s.context.known;
export const selectOpeningId = (s: Snapshot) => (s.matches('ready') ? null : s.context.openingId);
