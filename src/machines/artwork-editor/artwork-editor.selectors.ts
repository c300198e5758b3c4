import type { SnapshotFrom } from 'xstate';
import type { ArtworkMediaRef } from '../artwork-media/artwork-media.machine';
import type { artworkEditorMachine } from './artwork-editor.machine';

// What the artwork editor's parts ask its chart, by name.

type ArtworkEditorSnapshot = SnapshotFrom<typeof artworkEditorMachine>;

export type ArtworkEditorView =
  'loading' | 'notFound' | 'badRequest' | 'forbidden' | 'loadFailed' | 'creating' | 'saved' | 'deleted' | 'left';
const VIEWS: ArtworkEditorView[] = ['loading', 'notFound', 'badRequest', 'forbidden', 'loadFailed', 'creating', 'saved', 'deleted', 'left'];

/** Which screen the editor shows: the chart's top state (its first step, choosing new or saved, shows as loading). */
export const selectView = (s: ArtworkEditorSnapshot): ArtworkEditorView => VIEWS.find((v) => s.matches(v)) ?? 'loading';
export const selectError = (s: ArtworkEditorSnapshot) => s.context.error;
/** The saved artwork's id (none while it is new): Share opens a post from it. */
export const selectArtworkId = (s: ArtworkEditorSnapshot) => s.context.artworkId;
export const selectForm = (s: ArtworkEditorSnapshot) => s.context.form;
/** The saved artwork's media chart; none while the artwork is new. */
export const selectMedia = (s: ArtworkEditorSnapshot) => s.children.media as ArtworkMediaRef | undefined;
export const selectIsBusy = (s: ArtworkEditorSnapshot) => s.hasTag('busy');
/** Creating or updating the artwork (not loading or deleting it): the Save button says so. */
export const selectIsSaving = (s: ArtworkEditorSnapshot) => s.matches({ creating: 'saving' }) || s.matches({ saved: 'updating' });
export const selectIsConfirmingDelete = (s: ArtworkEditorSnapshot) => s.matches({ saved: 'confirmingDelete' });
export const selectIsDeleting = (s: ArtworkEditorSnapshot) => s.matches({ saved: 'deleting' });
export const selectIsConfirmingLeave = (s: ArtworkEditorSnapshot) => s.hasTag('confirmingLeave');
/** The artwork as last read or saved (what the server says of it: shown on the site or not, and why). */
export const selectArtwork = (s: ArtworkEditorSnapshot) => s.context.artwork;
/** The open tab (the chart opens Media itself after the first save). */
export const selectTab = (s: ArtworkEditorSnapshot) => s.context.tab;
/** Grows each time the chart opened Media itself: the page goes back to its top. */
export const selectMediaOpened = (s: ArtworkEditorSnapshot) => s.context.mediaOpened;
/** Files dropped on a new artwork, waiting for its first save. */
export const selectHeldFiles = (s: ArtworkEditorSnapshot) => (s.matches('creating') ? s.context.heldFiles : []);
