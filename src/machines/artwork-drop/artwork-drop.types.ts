import type { MediaKind } from '../../schemas/artwork-file.schema';
import type { Artwork } from '../../schemas/artwork.schema';
import type { MediaItem } from '../../schemas/media.schema';
import type { MediaType } from '../../schemas/media-type.schema';

/** One artwork per file, or one artwork with all of them (the first file starts it, the others join it). */
export type DropGrouping = 'each' | 'one';

/** One dropped file on its way: waiting its turn, going up, done (with the artwork it made or joined) or failed. */
export interface DropJob {
  id: string;
  file: File;
  kind: MediaKind;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0 to 1. */
  progress: number;
  error: string | null;
  artworkId: string | null;
  /** How many times it was sent: its upload's actor is `<id>.<attempt>`. */
  attempt: number;
}

/** A file refused before anything is sent (its type or size), with why. */
export interface DropRejected {
  id: string;
  fileName: string;
  message: string;
}

export interface ArtworkDropContext {
  jobs: DropJob[];
  rejected: DropRejected[];
  grouping: DropGrouping;
  /** The kind of work pictures make (a video makes a video work, a sound an audio work). */
  imageType: MediaType;
  /** With one artwork for all: the artwork the first file made, which the others join. */
  artworkId: string | null;
  /** Numbers the files of this page: `drop-1`, `drop-2`, ... */
  seq: number;
}

export type ArtworkDropEvent =
  | { type: 'drop.files'; files: File[] }
  | { type: 'drop.grouping'; grouping: DropGrouping }
  | { type: 'drop.imageType'; mediaType: MediaType }
  | { type: 'drop.start' }
  | { type: 'drop.cancel' }
  | { type: 'drop.progress'; id: string; fraction: number }
  | { type: 'drop.retry'; id: string }
  | { type: 'drop.close' }
  /** The refused files' message is read. */
  | { type: 'drop.dismiss' }
  /** A file's upload finished or failed (its actor is named by the job's id). */
  | { type: `xstate.done.actor.${string}`; actorId: string; output: DropOutput }
  | { type: `xstate.error.actor.${string}`; actorId: string; error: unknown };

/** What a file's upload answers: a new artwork with its first file, or the file added to the artwork. */
export type DropOutput = { artwork: Artwork; media: MediaItem } | MediaItem;

export interface CreateFromFileInput {
  file: File;
  mediaType: MediaType;
  onProgress: (fraction: number) => void;
}
export interface AddFileInput {
  artworkId: string;
  file: File;
  onProgress: (fraction: number) => void;
}
