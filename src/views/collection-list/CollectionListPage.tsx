import { useInspection } from '../inspection';
import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { button } from 'styled-system/recipes/button';
import type { collectionListMachine } from '../../machines/collection-list/collection-list.machine';
import { collectionListActors, provideCollectionList } from '../../machines/collection-list/collection-list.provide';
import { selectCollections, selectError, selectView } from '../../machines/collection-list/collection-list.selectors';
import { COLLECTION_MESSAGES, COLLECTION_VISIBILITY_TEXT, type CollectionSummary } from '../../schemas/collection.schema';
import { createCollectionsService } from '../../services/collections.service';
import { useApp } from '../app-context';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Thumb } from '../collection-editor/thumb';
import { GalleryWallArt } from '../ui/illustrations';
import { Spinner } from '../ui/spinner';

/** The list page's own texts. */
export const COLLECTION_LIST_TEXT = {
  title: 'Collections',
  newCollection: 'New Collection',
  loading: 'Loading collections...',
  invitation: 'Gather artworks into a series, a show or a selection for a gallery, in the order you choose.',
} as const;

const count = (n: number) => (n === 1 ? '1 artwork' : `${n} artworks`);

const grid = css({
  display: 'grid',
  // At least two side by side on a phone; as many as fit on a laptop.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, calc(50% - 0.5rem)), 1fr))',
  gap: '4',
  listStyle: 'none',
});
const tile = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '2',
  borderRadius: 'lg',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});
const cover = css({ w: 'full', aspectRatio: '1', objectFit: 'cover', borderRadius: 'md' });

function CollectionTile({ collection }: { collection: CollectionSummary }) {
  return (
    <li>
      <Link href={`/portfolio/collections/${collection.collectionId}`} className={tile}>
        <Thumb src={collection.coverImageUrl} className={cover} size={300} />
        <span className={css({ fontFamily: 'heading', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{collection.title}</span>
        <span
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: '2',
            color: 'fg.muted',
            fontSize: 'sm',
          })}
        >
          <span>{count(collection.artworkCount)}</span>
          <span className={badge({ tone: collection.visibility === 'public' ? 'success' : 'neutral' })}>
            {COLLECTION_VISIBILITY_TEXT[collection.visibility].label}
          </span>
        </span>
      </Link>
    </li>
  );
}

const newLink = (
  <Link href="/portfolio/collections/new" className={button({ variant: 'solid' })}>
    {COLLECTION_LIST_TEXT.newCollection}
  </Link>
);

/** All Collections: the artist's collections as tiles, the way to a new one, and the loading, empty and failed states. */
export function CollectionListPage({ logic }: { logic: typeof collectionListMachine }) {
  const list = useActorRef(logic, useInspection());
  const view = useSelector(list, selectView);
  const collections = useSelector(list, selectCollections);
  const error = useSelector(list, selectError);
  return (
    <section aria-labelledby="collections-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-view={view}>
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 id="collections-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          {COLLECTION_LIST_TEXT.title}
        </h1>
        {view === 'loaded' ? newLink : null}
      </header>
      {view === 'loading' ? <Spinner label={COLLECTION_LIST_TEXT.loading} /> : null}
      {view === 'failed' ? (
        <Alert status="danger">
          {error}{' '}
          <Button variant="link" onClick={() => list.send({ type: 'collections.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {view === 'empty' ? (
        <EmptyState
          art={GalleryWallArt}
          message={COLLECTION_MESSAGES.empty}
          invitation={COLLECTION_LIST_TEXT.invitation}
          action={newLink}
        />
      ) : null}
      {view === 'loaded' ? (
        <ul aria-label="Collections" className={grid}>
          {collections.map((c) => (
            <CollectionTile key={c.collectionId} collection={c} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /portfolio/collections */
export default function CollectionListRoute() {
  const { http, cache } = useApp();
  const logic = useMemo(() => provideCollectionList(collectionListActors(createCollectionsService(http, cache))), [http, cache]);
  return <CollectionListPage logic={logic} />;
}
