import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { CollectionEditorRef } from '../../machines/collection-editor/collection-editor.machine';
import { artworkName } from '../../machines/collection-editor/collection-editor.arrange';
import { selectIsBusy, selectPickable, selectValues } from '../../machines/collection-editor/collection-editor.selectors';
import { Button } from '../ui/button';
import { Thumb } from './thumb';

export const PICKER_TEXT = {
  heading: 'Add artworks',
  list: 'Your other artworks',
  allIn: 'Every one of your artworks is in this collection.',
  noArtworks: 'You have no artworks yet.',
  goToArtworks: 'Go to My Artworks',
} as const;

const grid = css({
  display: 'grid',
  // At least two side by side, even in a phone's dialog; as many as fit on a laptop.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(150px, calc(50% - 0.375rem)), 1fr))',
  gap: '3',
  listStyle: 'none',
});
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  p: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
});
const picture = css({ w: 'full', aspectRatio: '1', objectFit: 'cover', borderRadius: 'sm' });

/** The artist's artworks not in the collection yet, with their pictures: Add puts one at the end of the collection. */
export function ArtworkPicker({ editor }: { editor: CollectionEditorRef }) {
  const pickable = useSelector(editor, selectPickable);
  const inCollection = useSelector(editor, selectValues).artworkIds.length;
  const busy = useSelector(editor, selectIsBusy);
  return (
    <section aria-labelledby="artwork-picker-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h2 id="artwork-picker-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {PICKER_TEXT.heading}
      </h2>
      {pickable.length ? (
        <ul aria-label={PICKER_TEXT.list} className={grid}>
          {pickable.map((artwork) => {
            const titleId = `pick-${artwork.artworkId}`;
            return (
              <li key={artwork.artworkId} aria-labelledby={titleId} className={card}>
                <Thumb src={artwork.primaryImageUrl} className={picture} size={150} />
                <span id={titleId} className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                  {artworkName(artwork)}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-describedby={titleId}
                  onClick={() => editor.send({ type: 'collection.add', artworkId: artwork.artworkId })}
                >
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      ) : inCollection ? (
        <p className={css({ color: 'fg.muted' })}>{PICKER_TEXT.allIn}</p>
      ) : (
        <p className={css({ color: 'fg.muted' })}>
          {PICKER_TEXT.noArtworks}{' '}
          <Link href="/portfolio/artwork" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
            {PICKER_TEXT.goToArtworks}
          </Link>
        </p>
      )}
    </section>
  );
}
