import { useInspection } from '../inspection';
import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { button } from 'styled-system/recipes/button';
import { card } from 'styled-system/recipes/card';
import type { inquiriesMachine } from '../../machines/inquiries/inquiries.machine';
import type { inquiryContactMachine } from '../../machines/inquiries/inquiry-contact.machine';
import { selectContactBusy, selectKnownAddresses, selectOpeningId } from '../../machines/inquiries/inquiry-contact.selectors';
import { selectActingId, selectItems, selectSummary, selectView } from '../../machines/shared/paged-list.selectors';
import { INQUIRY_MESSAGES, type Inquiry } from '../../schemas/inquiry.schema';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { EnvelopeArt } from '../ui/illustrations';
import { PagedList } from '../ui/paged-list';

type Ref = ReturnType<typeof useActorRef<typeof inquiriesMachine>>;
type ContactRef = ReturnType<typeof useActorRef<typeof inquiryContactMachine>>;

/** The buyers' messages from the public portfolio, newest first, each kept whether or not its mail went out. */
export function InquiriesPage({ logic, contactLogic }: { logic: typeof inquiriesMachine; contactLogic: typeof inquiryContactMachine }) {
  const inspection = useInspection();
  const actor = useActorRef(logic, inspection);
  const contact = useActorRef(contactLogic, inspection);
  const view = useSelector(actor, selectView);
  const inquiries = useSelector(actor, selectItems);
  const unread = useSelector(actor, selectSummary);

  return (
    <section
      aria-labelledby="inquiries-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '4xl' })}
      data-view={view}
    >
      <div className={css({ display: 'flex', alignItems: 'baseline', gap: '3', flexWrap: 'wrap' })}>
        <h1 id="inquiries-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          {INQUIRY_MESSAGES.title}
        </h1>
        {view === 'loaded' ? (
          <p className={css({ color: 'fg.muted' })} data-testid="unread-count">
            {unread} unread
          </p>
        ) : null}
      </div>

      <PagedList
        actor={actor}
        text={{ loading: INQUIRY_MESSAGES.loading, error: INQUIRY_MESSAGES.error, loadMore: 'Load more inquiries' }}
        label="Inquiries"
        empty={
          <EmptyState
            art={EnvelopeArt}
            message={INQUIRY_MESSAGES.empty}
            invitation={INQUIRY_MESSAGES.emptyInvitation}
            action={
              <Link href="/" className={button({ variant: 'solid' })}>
                {INQUIRY_MESSAGES.emptyAction}
              </Link>
            }
          />
        }
      >
        {inquiries.map((inquiry) => (
          <InquiryCard key={inquiry.inquiryId} inquiry={inquiry} actor={actor} contact={contact} />
        ))}
      </PagedList>
    </section>
  );
}

function InquiryCard({ inquiry, actor, contact }: { inquiry: Inquiry; actor: Ref; contact: ContactRef }) {
  const markingId = useSelector(actor, selectActingId);
  const contactBusy = useSelector(contact, selectContactBusy);
  const known = useSelector(contact, selectKnownAddresses).includes(inquiry.email.toLowerCase());
  const opening = useSelector(contact, selectOpeningId) === inquiry.inquiryId;
  const marking = markingId === inquiry.inquiryId;
  const titleId = `inquiry-${inquiry.inquiryId}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`${card()} ${css({ display: 'flex', flexDirection: 'column', gap: '2' })}`}
        data-read={inquiry.read || undefined}
      >
        <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
          <h2 id={titleId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {inquiry.artworkId ? (
              <Link href={`/portfolio/artwork/${inquiry.artworkId}`} className={css({ color: 'accent.default' })}>
                {inquiry.artworkTitle}
              </Link>
            ) : (
              inquiry.artworkTitle
            )}
          </h2>
          {inquiry.read ? null : <span className={badge({ tone: 'accent' })}>Unread</span>}
        </div>
        <p>
          From {inquiry.name},{' '}
          <a href={`mailto:${inquiry.email}`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
            {inquiry.email}
          </a>
        </p>
        <time dateTime={inquiry.createdDate} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {format(new Date(inquiry.createdDate), 'MMM d, yyyy h:mm a')}
        </time>
        <p className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{inquiry.message}</p>
        {inquiry.mailed ? null : (
          <p className={badge({ tone: 'warning' })} data-testid="not-mailed">
            {INQUIRY_MESSAGES.notMailed}
          </p>
        )}
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {inquiry.read ? null : (
            <Button
              variant="outline"
              size="sm"
              disabled={markingId !== null}
              aria-label={marking ? undefined : `Mark as read: inquiry from ${inquiry.name}`}
              onClick={() => actor.send({ type: 'list.act', id: inquiry.inquiryId })}
            >
              {marking ? 'Marking...' : 'Mark as read'}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={contactBusy}
            aria-label={opening ? undefined : `${known ? 'Open contact' : 'Save as contact'}: ${inquiry.name}`}
            onClick={() => contact.send({ type: 'contact.open', inquiryId: inquiry.inquiryId })}
          >
            {opening ? 'Opening...' : known ? 'Open contact' : 'Save as contact'}
          </Button>
        </div>
      </article>
    </li>
  );
}
