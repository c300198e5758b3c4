import { useRef, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Portal } from '@ark-ui/react/portal';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import { MAX_ZOOM, MIN_ZOOM, MOVE_STEP, ZOOM_STEP, type avatarCropMachine } from '../../machines/profile/avatar-crop.machine';
import { selectCropFile, selectCropState, selectPicturePlacement, selectZoom } from '../../machines/profile/avatar-crop.selectors';
import { useObjectUrl } from '../post-editor/use-object-url';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export type AvatarCropRef = ActorRefFrom<typeof avatarCropMachine>;

export const CROP_TEXT = {
  title: 'Position your avatar',
  help: 'Drag the picture, or use the arrow keys, to choose what shows in the circle; zoom with the slider or + and -.',
  frame: 'Avatar picture',
  zoom: 'Zoom',
  confirm: 'Use this picture',
  cancel: 'Cancel',
  unreadable: 'This picture cannot be shown here. Choose another one (JPEG, PNG, WebP, GIF or AVIF).',
} as const;

const frame = css({
  position: 'relative',
  w: 'full',
  maxW: '72',
  aspectRatio: 'square',
  mx: 'auto',
  overflow: 'hidden',
  borderRadius: 'full',
  bg: 'bg.subtle',
  cursor: 'grab',
  touchAction: 'none',
  userSelect: 'none',
  boxShadow: '0 0 0 1px token(colors.border.strong)',
  _active: { cursor: 'grabbing' },
  _focusVisible: { outline: '3px solid', outlineColor: 'accent.default', outlineOffset: '3px' },
  '& img': { position: 'absolute', maxW: 'none', pointerEvents: 'none' },
});

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-MOVE_STEP, 0],
  ArrowRight: [MOVE_STEP, 0],
  ArrowUp: [0, -MOVE_STEP],
  ArrowDown: [0, MOVE_STEP],
};

/**
 * The picture under a round frame: drag it (or arrow keys) to move it, the slider (or + and -, or the wheel) to zoom.
 * Every move is an event of the crop chart, which keeps the frame on the picture.
 */
export function AvatarCropper({ crop }: { crop: AvatarCropRef }) {
  const state = useSelector(crop, selectCropState);
  const file = useSelector(crop, selectCropFile);
  const zoom = useSelector(crop, selectZoom);
  const placement = useSelector(crop, selectPicturePlacement, shallowEqual);
  const url = useObjectUrl(file);
  const drag = useRef<{ x: number; y: number } | null>(null);

  const zoomBy = (delta: number) => crop.send({ type: 'crop.zoom', zoom: Math.round((zoom + delta) * 10) / 10 });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[e.key];
    if (move) crop.send({ type: 'crop.move', dx: -move[0], dy: -move[1] });
    else if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoomBy(-ZOOM_STEP);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const side = e.currentTarget.getBoundingClientRect().width || 1;
    crop.send({ type: 'crop.move', dx: (e.clientX - drag.current.x) / side, dy: (e.clientY - drag.current.y) / side });
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onWheel = (e: WheelEvent<HTMLDivElement>) => zoomBy(e.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP);

  return (
    <Dialog.Root open lazyMount unmountOnExit onOpenChange={(d) => !d.open && crop.send({ type: 'crop.cancel' })}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>{CROP_TEXT.title}</Dialog.Title>
            {state === 'unreadable' ? (
              <Alert status="danger">{CROP_TEXT.unreadable}</Alert>
            ) : (
              <>
                <Dialog.Description>{CROP_TEXT.help}</Dialog.Description>
                {/* A control of its own (drag, arrows, + and -): there is no native element for moving a picture in a frame. */}
                {/* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
                <div
                  role="group"
                  aria-label={CROP_TEXT.frame}
                  aria-roledescription="picture frame"
                  tabIndex={0}
                  className={frame}
                  data-state={state}
                  onKeyDown={onKeyDown}
                  onPointerDown={onPointerDown}
                  onPointerMove={onPointerMove}
                  onPointerUp={() => (drag.current = null)}
                  onPointerCancel={() => (drag.current = null)}
                  onWheel={onWheel}
                >
                  {url ? (
                    <img
                      src={url}
                      alt=""
                      draggable={false}
                      onLoad={(e) =>
                        crop.send({ type: 'crop.loaded', width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
                      }
                      onError={() => crop.send({ type: 'crop.unreadable' })}
                      style={
                        placement
                          ? {
                              width: `${placement.width}%`,
                              height: `${placement.height}%`,
                              left: `${placement.left}%`,
                              top: `${placement.top}%`,
                            }
                          : { visibility: 'hidden' }
                      }
                    />
                  ) : null}
                </div>
                {/* eslint-enable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
                <label className={css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm', fontWeight: 'medium' })}>
                  {CROP_TEXT.zoom}
                  <input
                    type="range"
                    min={MIN_ZOOM}
                    max={MAX_ZOOM}
                    step={ZOOM_STEP}
                    value={zoom}
                    disabled={state !== 'positioning'}
                    onChange={(e) => crop.send({ type: 'crop.zoom', zoom: Number(e.currentTarget.value) })}
                    className={css({ flex: '1', accentColor: 'accent.default', minH: '11' })}
                  />
                </label>
              </>
            )}
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
              <Button variant="outline" onClick={() => crop.send({ type: 'crop.cancel' })}>
                {CROP_TEXT.cancel}
              </Button>
              {state === 'unreadable' ? null : (
                <Button disabled={state !== 'positioning'} onClick={() => crop.send({ type: 'crop.confirm' })}>
                  {CROP_TEXT.confirm}
                </Button>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
