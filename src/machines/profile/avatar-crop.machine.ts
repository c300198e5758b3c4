import { assign, setup } from 'xstate';
import type { AvatarCrop } from '../../schemas/user.schema';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** One press of + or -, or of an arrow key (a twentieth of the round frame). */
export const ZOOM_STEP = 0.1;
export const MOVE_STEP = 0.05;

export interface AvatarCropContext {
  file: File;
  /** The picture's size as it is seen (its orientation applied), once it has loaded. */
  size: { width: number; height: number } | null;
  /** 1: the picture's short side fills the frame; 4: a quarter of it does. */
  zoom: number;
  /** The middle of the frame, in pixels of the picture. */
  centre: { x: number; y: number };
  /** The square chosen, once confirmed. */
  chosen: AvatarCrop | null;
}

export type AvatarCropEvent =
  | { type: 'crop.loaded'; width: number; height: number }
  | { type: 'crop.unreadable' }
  | { type: 'crop.zoom'; zoom: number }
  /** Moves the picture under the frame, in frames: dx 0.5 moves it half the frame to the right. */
  | { type: 'crop.move'; dx: number; dy: number }
  | { type: 'crop.confirm' }
  | { type: 'crop.cancel' };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** The side of the frame in pixels of the picture at a zoom. */
const sideOf = (size: { width: number; height: number }, zoom: number) => Math.min(size.width, size.height) / zoom;

/** The frame's middle kept where the frame stays on the picture. */
function kept(size: { width: number; height: number }, zoom: number, x: number, y: number) {
  const half = sideOf(size, zoom) / 2;
  return { x: clamp(x, half, size.width - half), y: clamp(y, half, size.height - half) };
}

/** The square the frame shows, in whole pixels of the picture as seen: what the server cuts out. */
export function cropOf({ size, zoom, centre }: Pick<AvatarCropContext, 'size' | 'zoom' | 'centre'>): AvatarCrop | null {
  if (!size) return null;
  const side = Math.max(1, Math.floor(sideOf(size, zoom)));
  return {
    x: clamp(Math.round(centre.x - side / 2), 0, size.width - side),
    y: clamp(Math.round(centre.y - side / 2), 0, size.height - side),
    width: side,
    height: side,
  };
}

/**
 * Choosing the part of a new avatar picture to show: the picture under a round frame, moved by dragging or the arrow
 * keys and zoomed by the slider, the wheel or + and -. Ends with the chosen square, or with nothing (cancelled).
 */
export const avatarCropMachine = setup({
  types: {
    context: {} as AvatarCropContext,
    events: {} as AvatarCropEvent,
    input: {} as { file: File },
    output: {} as { crop: AvatarCrop } | null,
  },
}).createMachine({
  id: 'avatarCrop',
  context: ({ input }) => ({ file: input.file, size: null, zoom: MIN_ZOOM, centre: { x: 0, y: 0 }, chosen: null }),
  initial: 'loading',
  on: { 'crop.cancel': '.cancelled' },
  states: {
    loading: {
      description: 'The picture is read to learn its size; the frame waits.',
      on: {
        'crop.loaded': {
          target: 'positioning',
          // The frame starts in the middle, the short side filling it.
          actions: assign(({ event }) => ({
            size: { width: event.width, height: event.height },
            centre: { x: event.width / 2, y: event.height / 2 },
          })),
        },
        'crop.unreadable': 'unreadable',
      },
    },
    unreadable: { description: 'The browser cannot show this picture: nothing to frame; another can be chosen.' },
    positioning: {
      description: 'The artist moves and zooms the picture under the frame.',
      on: {
        'crop.zoom': {
          actions: assign(({ context, event }) => {
            const zoom = clamp(event.zoom, MIN_ZOOM, MAX_ZOOM);
            return { zoom, centre: kept(context.size!, zoom, context.centre.x, context.centre.y) };
          }),
        },
        'crop.move': {
          actions: assign(({ context, event }) => {
            const side = sideOf(context.size!, context.zoom);
            // Moving the picture right shows more of its left: the frame's middle goes the other way.
            return { centre: kept(context.size!, context.zoom, context.centre.x - event.dx * side, context.centre.y - event.dy * side) };
          }),
        },
        'crop.confirm': { target: 'chosen', actions: assign({ chosen: ({ context }) => cropOf(context) }) },
      },
    },
    chosen: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.chosen ? { crop: context.chosen } : null),
});
