import { useLayoutEffect, useRef, type DragEvent, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import type { CollectionEditorRef } from '../../machines/collection-editor/collection-editor.machine';
import { artworkName } from '../../machines/collection-editor/collection-editor.arrange';
import {
  selectCoverId,
  selectErrors,
  selectInManualOrder,
  selectIsBusy,
  selectItems,
  selectValues,
} from '../../machines/collection-editor/collection-editor.selectors';
import { COLLECTION_SORT_LABELS } from '../../schemas/collection.schema';
import { Button } from '../ui/button';
import { ArrowIcon } from '../ui/icons';
import { Thumb } from './thumb';

export const COLLECTION_ARTWORKS_TEXT = {
  heading: 'Artworks in this collection',
  none: 'No artworks in this collection yet. Add them from your artworks below.',
  howToMove: 'Drag an artwork to move it, or use Move up and Move down (Alt+Arrow Up and Alt+Arrow Down).',
  sorted: (field: string) => `Shown sorted by ${field}. Choose Manual order above to arrange them by hand.`,
} as const;

type Control = 'up' | 'down';

const item = css({
  display: 'grid',
  gridTemplateColumns: '64px minmax(0, 1fr)',
  gap: '3',
  alignItems: 'center',
  p: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  '&[draggable=true]': { cursor: 'grab' },
  '&:focus-within': { borderColor: 'accent.default' },
});
const thumb = css({ w: '16', h: '16', objectFit: 'cover', borderRadius: 'sm' });
// On a phone one row under the picture and the name: the moves are arrows there (their names stay for screen readers).
const actions = css({ gridColumn: { base: '1 / -1', sm: 'auto' }, display: 'flex', flexWrap: 'wrap', gap: '2' });
const moveText = css({ srOnly: { base: true, sm: false } });

/**
 * The collection's artworks as shown, each with its controls. In the manual order an artwork moves by drag and drop,
 * by its Move up / Move down buttons, or by Alt+Arrow Up / Down from any of its controls; focus stays on the control
 * that moved it, and the page's live region says where it went.
 */
export function CollectionArtworks({ editor }: { editor: CollectionEditorRef }) {
  const items = useSelector(editor, selectItems);
  const values = useSelector(editor, selectValues);
  const coverId = useSelector(editor, selectCoverId);
  const manual = useSelector(editor, selectInManualOrder);
  const busy = useSelector(editor, selectIsBusy);
  const error = useSelector(editor, selectErrors).artworkIds;
  const list = useRef<HTMLOListElement>(null);
  // The control to focus once a move is drawn (React may re-insert the moved item, which drops its focus).
  const refocus = useRef<{ artworkId: string; control: Control } | null>(null);

  useLayoutEffect(() => {
    const want = refocus.current;
    if (!want || !list.current) return;
    refocus.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-artwork-id="${want.artworkId}"]`);
    const pick = (c: Control) => row?.querySelector<HTMLButtonElement>(`[data-control="${c}"]:not(:disabled)`);
    (pick(want.control) ?? pick(want.control === 'up' ? 'down' : 'up'))?.focus();
  }, [items]);

  const move = (artworkId: string, by: -1 | 1) => {
    const at = values.artworkIds.indexOf(artworkId);
    const to = at + by;
    if (at < 0 || to < 0 || to >= values.artworkIds.length) return;
    refocus.current = { artworkId, control: by < 0 ? 'up' : 'down' };
    editor.send({ type: 'collection.move', artworkId, to });
  };
  const onKeyDown = (artworkId: string) => (e: KeyboardEvent) => {
    if (!manual || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(artworkId, e.key === 'ArrowUp' ? -1 : 1);
  };
  const onDragStart = (artworkId: string) => (e: DragEvent) => {
    e.dataTransfer.setData('text/plain', artworkId);
    e.dataTransfer.effectAllowed = 'move';
  };
  const onDrop = (target: number) => (e: DragEvent) => {
    e.preventDefault();
    const artworkId = e.dataTransfer.getData('text/plain');
    if (values.artworkIds.includes(artworkId)) editor.send({ type: 'collection.move', artworkId, to: target });
  };

  return (
    <section aria-labelledby="collection-artworks-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h2 id="collection-artworks-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {COLLECTION_ARTWORKS_TEXT.heading}
      </h2>
      {items.length ? (
        <p id="collection-move-help" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {manual ? COLLECTION_ARTWORKS_TEXT.howToMove : COLLECTION_ARTWORKS_TEXT.sorted(COLLECTION_SORT_LABELS[values.sortField!])}
        </p>
      ) : (
        <p className={css({ color: 'fg.muted' })}>{COLLECTION_ARTWORKS_TEXT.none}</p>
      )}
      {error ? (
        <p data-part="error-text" className={css({ color: 'danger', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
      <ol
        ref={list}
        aria-label={COLLECTION_ARTWORKS_TEXT.heading}
        className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' })}
      >
        {items.map((artwork, index) => {
          const name = artworkName(artwork);
          const titleId = `collection-item-${artwork.artworkId}`;
          const chosen = values.coverArtworkId === artwork.artworkId;
          return (
            // The item is a drop target and hears Alt+Arrow bubbling up from its own buttons: the controls are the buttons.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
            <li
              key={artwork.artworkId}
              data-artwork-id={artwork.artworkId}
              aria-labelledby={titleId}
              className={item}
              draggable={manual && !busy}
              onDragStart={onDragStart(artwork.artworkId)}
              onDragOver={(e) => manual && e.preventDefault()}
              onDrop={onDrop(index)}
              onKeyDown={onKeyDown(artwork.artworkId)}
            >
              <Thumb src={artwork.primaryImageUrl} className={thumb} size={64} />
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 })}>
                <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <span aria-hidden="true" className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
                    {index + 1}.
                  </span>
                  <span id={titleId} className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                    {name}
                  </span>
                  {coverId === artwork.artworkId ? (
                    <span className={badge({ tone: chosen ? 'accent' : 'neutral' })} data-testid="cover-badge">
                      {chosen ? 'Cover' : 'Cover (first picture)'}
                    </span>
                  ) : null}
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{artwork.year ?? 'Unknown year'}</span>
              </div>
              <div className={actions} role="group" aria-labelledby={titleId}>
                {manual ? (
                  <>
                    <Button
                      size="sm"
                      variant="outline"
                      data-control="up"
                      disabled={busy || index === 0}
                      onClick={() => move(artwork.artworkId, -1)}
                      aria-describedby="collection-move-help"
                    >
                      <ArrowIcon direction="up" />
                      <span className={moveText}>Move up</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      data-control="down"
                      disabled={busy || index === items.length - 1}
                      onClick={() => move(artwork.artworkId, 1)}
                      aria-describedby="collection-move-help"
                    >
                      <ArrowIcon direction="down" />
                      <span className={moveText}>Move down</span>
                    </Button>
                  </>
                ) : null}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-pressed={chosen}
                  onClick={() => editor.send({ type: 'collection.cover', artworkId: chosen ? null : artwork.artworkId })}
                >
                  Cover
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => editor.send({ type: 'collection.remove', artworkId: artwork.artworkId })}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
