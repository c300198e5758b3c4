import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import type { LightboxRef } from '../../machines/lightbox/lightbox.machine';
import { selectShown } from '../../machines/lightbox/lightbox.selectors';
import type { MediaItem } from '../../schemas/media.schema';
import { MESSAGES } from '../../schemas/messages';
import { Dialog } from '../ui/dialog';

export const LIGHTBOX_TEXT = {
  previous: 'Previous picture',
  next: 'Next picture',
  of: (n: number, count: number) => `${n} of ${count}`,
} as const;

const content = css({
  bg: 'transparent',
  boxShadow: 'none',
  p: '0',
  maxW: 'none',
  w: '100vw',
  h: '100dvh',
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr) auto',
  gap: '2',
  color: 'onImage',
});
const bar = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '3', pt: '2' });
const control = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '11',
  h: '11',
  px: '3',
  borderRadius: 'full',
  bg: 'rgba(0, 0, 0, 0.55)',
  color: 'onImage',
  fontSize: 'lg',
  cursor: 'pointer',
  _hover: { bg: 'rgba(0, 0, 0, 0.75)' },
  _focusVisible: { outline: '2px solid', outlineColor: 'onImage', outlineOffset: '2px' },
});
const picture = css({ maxW: '100%', maxH: '100%', objectFit: 'contain', justifySelf: 'center', alignSelf: 'center' });

/**
 * A picture of the artwork shown large over the editor, with the previous and next ones (buttons, arrow keys). Esc,
 * Close or a click beside it return to where it was opened (Ark's Dialog gives focus back).
 */
export function Lightbox({ lightbox, images, title }: { lightbox: LightboxRef; images: MediaItem[]; title: string }) {
  const index = useSelector(lightbox, selectShown);
  const image = index === null ? undefined : images[index];
  const several = images.length > 1;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') lightbox.send({ type: 'lightbox.next' });
    else if (e.key === 'ArrowLeft') lightbox.send({ type: 'lightbox.previous' });
    else return;
    e.preventDefault();
  };
  return (
    <Dialog.Root
      open={image !== undefined}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => {
        if (!d.open) lightbox.send({ type: 'lightbox.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop className={css({ bg: 'rgba(10, 8, 6, 0.92)' })} />
        <Dialog.Positioner>
          <Dialog.Content className={content} onKeyDown={onKeyDown} aria-label={title ? `Pictures of ${title}` : 'Pictures'}>
            {image ? (
              <>
                <div className={bar}>
                  <Dialog.Title className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'onImage', fontFamily: 'body' })}>
                    {several ? LIGHTBOX_TEXT.of(index! + 1, images.length) : image.fileName}
                  </Dialog.Title>
                  <Dialog.CloseTrigger className={control} aria-label={MESSAGES.close}>
                    ×
                  </Dialog.CloseTrigger>
                </div>
                <img
                  key={image.mediaId}
                  src={image.urls.large ?? image.urls.medium ?? image.urls.sm ?? image.urls.original}
                  alt={title ? `${title}: ${image.fileName}` : image.fileName}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  className={picture}
                  data-testid="lightbox-picture"
                />
                {several ? (
                  <div className={css({ display: 'flex', justifyContent: 'center', gap: '4', pb: '4' })}>
                    <button type="button" className={control} onClick={() => lightbox.send({ type: 'lightbox.previous' })}>
                      <span aria-hidden="true">←</span>
                      <span className={css({ srOnly: true })}>{LIGHTBOX_TEXT.previous}</span>
                    </button>
                    <button type="button" className={control} onClick={() => lightbox.send({ type: 'lightbox.next' })}>
                      <span aria-hidden="true">→</span>
                      <span className={css({ srOnly: true })}>{LIGHTBOX_TEXT.next}</span>
                    </button>
                  </div>
                ) : (
                  <span />
                )}
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
