import type { SnapshotFrom } from 'xstate';
import type { artworkMediaMachine } from './artwork-media.machine';
import type { SelectionRef } from '../shared/selection.machine';
import type { mediaUploadMachine } from './media-upload.machine';
import type { MediaUploadsRef, mediaUploadsMachine } from './media-uploads.machine';

// What the Media tab asks its four charts, by name. Arrays and objects are context fields themselves, so a part
// re-renders only when the answer changes.

type MediaSnapshot = SnapshotFrom<typeof artworkMediaMachine>;
type UploadSnapshot = SnapshotFrom<typeof mediaUploadMachine>;
type UploadsSnapshot = SnapshotFrom<typeof mediaUploadsMachine>;

/** The media list: reading it, could not read it, or shown. */
export const selectMediaView = (s: MediaSnapshot) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready');
export const selectIsLoading = (s: MediaSnapshot) => s.matches('loading');
export const selectItems = (s: MediaSnapshot) => s.context.items;
export const selectMediaError = (s: MediaSnapshot) => s.context.error;
/** The media the delete confirmation is about. */
export const selectPendingDelete = (s: MediaSnapshot) => s.context.pendingDelete;
export const selectIsBusy = (s: MediaSnapshot) => s.hasTag('busy');
export const selectIsSettingPrimary = (s: MediaSnapshot) => s.matches({ ready: 'settingPrimary' });
export const selectIsConfirmingDelete = (s: MediaSnapshot) => s.matches({ ready: 'confirmingDelete' });
export const selectIsDeleting = (s: MediaSnapshot) => s.matches({ ready: 'deleting' });
/** The item shown as the artwork's primary image, if one is. */
export const selectPrimary = (s: MediaSnapshot) => s.context.items.find((i) => i.isPrimary) ?? null;
export const selectUploads = (s: MediaSnapshot) => s.children.uploads as MediaUploadsRef | undefined;
export const selectSelection = (s: MediaSnapshot) => s.children.selection as SelectionRef | undefined;

export { selectIsSelecting, selectSelected, selectedAmong } from '../shared/selection.selectors';

/** One file's upload: its file, how far it is (0 to 1), why it failed, and 'uploading', 'done' or 'failed'. */
export const selectUploadFile = (s: UploadSnapshot) => s.context.file;
export const selectUploadProgress = (s: UploadSnapshot) => s.context.progress;
export const selectUploadError = (s: UploadSnapshot) => s.context.error;
export const selectUploadState = (s: UploadSnapshot) => s.value;

/** The uploads list: files waiting their turn, files going up or failed, and files refused before upload. */
export const selectQueue = (s: UploadsSnapshot) => s.context.queue;
export const selectUploadEntries = (s: UploadsSnapshot) => s.context.uploads;
export const selectRejected = (s: UploadsSnapshot) => s.context.rejected;
