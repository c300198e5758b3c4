import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { button } from 'styled-system/recipes/button';
import { card } from 'styled-system/recipes/card';
import type { journalMachine } from '../../machines/journal/journal.machine';
import { selectActingId, selectItems, selectQuery, selectView } from '../../machines/shared/paged-list.selectors';
import { artworkFieldLabel } from '../../schemas/artwork-fields';
import { collectionFieldLabel } from '../../schemas/collection-fields';
import {
  JOURNAL_FILTER_TYPES,
  JOURNAL_MESSAGES,
  JOURNAL_PAGE_SIZE,
  JOURNAL_TYPE_LABELS,
  type JournalEntry,
  type JournalType,
} from '../../schemas/journal.schema';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { EmptyState } from '../ui/empty-state';
import { SketchbookArt } from '../ui/illustrations';
import { PagedList } from '../ui/paged-list';
import { useInspection } from '../inspection';

type Ref = ReturnType<typeof useActorRef<typeof journalMachine>>;

/** The empty journal's invitation and its one way forward (the page's own texts). */
export const JOURNAL_EMPTY = {
  invitation: 'Entries appear here as you add and change artworks.',
  action: 'Go to My Artworks',
} as const;

/** The artwork's life (sales, holds, custody, prices) reads neutral. */
const TYPE_TONES: Partial<Record<JournalType, 'success' | 'accent' | 'neutral'>> = {
  'artwork.new': 'success',
  'artwork.updated': 'accent',
  'collection.new': 'success',
  'collection.updated': 'accent',
  'collection.deleted': 'neutral',
};

const selectClass = css({
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  color: 'fg.default',
  borderRadius: 'md',
  bg: 'bg.surface',
});

/** The Activity Journal: filters, entry cards, Load more, and the loading, error and empty states. */
export function JournalPage({ logic }: { logic: typeof journalMachine }) {
  const actor = useActorRef(logic, useInspection());
  const view = useSelector(actor, selectView);
  const entries = useSelector(actor, selectItems);
  const filter = useSelector(actor, selectQuery);

  return (
    <section
      aria-labelledby="journal-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '4xl' })}
      data-view={view}
    >
      <h1 id="journal-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        Activity Journal
      </h1>
      <div role="group" aria-label="Filters" className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
        <Checkbox
          label="Show dismissed entries"
          checked={filter.includeDismissed}
          onCheckedChange={(value) => actor.send({ type: 'list.query', patch: { includeDismissed: value } })}
        />
        <label className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
          Type
          <select
            className={selectClass}
            value={filter.type ?? ''}
            onChange={(e) =>
              actor.send({ type: 'list.query', patch: { type: (e.currentTarget.value || undefined) as JournalType | undefined } })
            }
          >
            <option value="">All types</option>
            {JOURNAL_FILTER_TYPES.map((t) => (
              <option key={t} value={t}>
                {JOURNAL_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'list.reset' })}>
          Reset
        </Button>
      </div>

      <PagedList
        actor={actor}
        pageSize={JOURNAL_PAGE_SIZE}
        text={{ loading: JOURNAL_MESSAGES.loading, error: JOURNAL_MESSAGES.error, loadMore: 'Load more entries' }}
        label="Journal entries"
        empty={
          <EmptyState
            art={SketchbookArt}
            message={JOURNAL_MESSAGES.empty}
            invitation={JOURNAL_EMPTY.invitation}
            action={
              <Link href="/portfolio/artwork" className={button({ variant: 'solid' })}>
                {JOURNAL_EMPTY.action}
              </Link>
            }
          />
        }
      >
        {entries.map((entry) => (
          <EntryCard key={entry.journalId} entry={entry} actor={actor} />
        ))}
      </PagedList>
    </section>
  );
}

function EntryCard({ entry, actor }: { entry: JournalEntry; actor: Ref }) {
  const dismissingId = useSelector(actor, selectActingId);
  const dismissing = dismissingId === entry.journalId;
  const busy = dismissingId !== null;
  const { artworkId, collectionId, changedFields } = entry.metadata;
  const aboutCollection = entry.journalEntryType.startsWith('collection.');
  const fieldLabel = aboutCollection ? collectionFieldLabel : artworkFieldLabel;
  return (
    <li
      className={`${card()} ${css({ display: 'flex', gap: '4', alignItems: 'flex-start' })}`}
      data-dismissed={entry.dismissed || undefined}
    >
      {entry.thumbnailUrl ? (
        <img
          src={entry.thumbnailUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className={css({ w: '16', h: '16', objectFit: 'cover', borderRadius: 'md', flexShrink: 0 })}
        />
      ) : null}
      <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '1' })}>
        <p className={css({ fontWeight: 'semibold' })}>{entry.message}</p>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <span className={badge({ tone: TYPE_TONES[entry.journalEntryType] ?? 'neutral' })}>
            {JOURNAL_TYPE_LABELS[entry.journalEntryType]}
          </span>
          {entry.dismissed ? <span className={badge({ tone: 'neutral' })}>Dismissed</span> : null}
        </div>
        <time dateTime={entry.createdDate} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {format(new Date(entry.createdDate), 'MMM d, yyyy h:mm a')}
        </time>
        {changedFields?.length ? (
          <div className={css({ fontSize: 'sm' })}>
            Updated fields:{' '}
            <ul aria-label="Updated fields" className={css({ display: 'inline-flex', gap: '1', flexWrap: 'wrap', listStyle: 'none' })}>
              {changedFields.map((f) => (
                <li key={f} className={badge({ tone: 'neutral' })}>
                  {fieldLabel(f)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {artworkId ? (
          <Link href={`/portfolio/artwork/${artworkId}`} className={css({ color: 'accent.default', fontSize: 'sm' })}>
            View artwork
          </Link>
        ) : null}
        {collectionId && entry.journalEntryType !== 'collection.deleted' ? (
          <Link href={`/portfolio/collections/${collectionId}`} className={css({ color: 'accent.default', fontSize: 'sm' })}>
            View collection
          </Link>
        ) : null}
      </div>
      {!entry.dismissed ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => actor.send({ type: 'list.act', id: entry.journalId })}>
          {dismissing ? 'Dismissing...' : 'Dismiss'}
        </Button>
      ) : null}
    </li>
  );
}
