import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { consignmentsMachine } from '../../machines/consignments/consignments.machine';
import {
  selectChosen,
  selectConsignments,
  selectFailure,
  selectIsLoading,
  selectReturning,
} from '../../machines/consignments/consignments.selectors';
import { CONSIGNMENT_MESSAGES } from '../../schemas/consignment.schema';
import type { PaperworkService } from '../../services/paperwork.service';
import { RetryAlert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { GalleryWallArt } from '../ui/illustrations';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';
import { ConsignmentCard } from './ConsignmentCard';

const NO_CHOICE: readonly string[] = [];

/** Works at galleries: each consignment with its terms and works, returning works to the studio, and its form. */
export function ConsignmentsPage({
  logic,
  paperwork,
}: {
  logic: typeof consignmentsMachine;
  paperwork: Pick<PaperworkService, 'download'>;
}) {
  const actor = useActorRef(logic, useInspection());
  const consignments = useSelector(actor, selectConsignments);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const chosen = useSelector(actor, selectChosen);
  const returning = useSelector(actor, selectReturning);
  return (
    <section aria-labelledby="consignments-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '4xl' })}>
      <h1 id="consignments-title" className={css({ fontSize: '3xl', fontWeight: 'bold' })}>
        {CONSIGNMENT_MESSAGES.title}
      </h1>
      {loading ? <Spinner label={CONSIGNMENT_MESSAGES.loading} /> : null}
      {failure ? (
        <RetryAlert onRetry={() => actor.send({ type: 'list.retry' })}>
          {CONSIGNMENT_MESSAGES.fetchFailed}: {failure}
        </RetryAlert>
      ) : null}
      {!loading && !failure && consignments.length === 0 ? (
        <EmptyState
          art={GalleryWallArt}
          message={CONSIGNMENT_MESSAGES.empty}
          invitation={CONSIGNMENT_MESSAGES.emptyInvitation}
          action={
            <Link href="/portfolio/artwork" className={button({ variant: 'solid' })}>
              {CONSIGNMENT_MESSAGES.emptyAction}
            </Link>
          }
        />
      ) : null}
      {consignments.map((c) => (
        <ConsignmentCard
          key={c.consignmentId}
          consignment={c}
          chosen={chosen[c.consignmentId] ?? NO_CHOICE}
          returning={returning === c.consignmentId}
          busy={returning !== null}
          paperwork={paperwork}
          onToggle={(pieceId) => actor.send({ type: 'item.toggle', consignmentId: c.consignmentId, pieceId })}
          onReturn={() => actor.send({ type: 'works.return', consignmentId: c.consignmentId })}
        />
      ))}
    </section>
  );
}
