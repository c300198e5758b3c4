import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { CONSIGNMENT_ITEM_LABELS, CONSIGNMENT_MESSAGES, type Consignment } from '../../schemas/consignment.schema';
import { dayLabel } from '../../schemas/inventory-fields';
import { plural } from '../../schemas/plural';
import type { PaperworkService } from '../../services/paperwork.service';
import { PaperworkDownload } from '../paperwork/PaperworkDownload';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { panelClass } from '../ui/panel';

const badgeClass = css({
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'medium',
  bg: 'danger.subtle',
  color: 'danger.emphasized',
});

/** One consignment: the gallery, its terms, its works (those still there can be ticked and returned) and its form. */
export function ConsignmentCard({
  consignment: c,
  chosen,
  returning,
  busy,
  paperwork,
  onToggle,
  onReturn,
}: {
  consignment: Consignment;
  chosen: readonly string[];
  returning: boolean;
  busy: boolean;
  paperwork: Pick<PaperworkService, 'download'>;
  onToggle: (pieceId: string) => void;
  onReturn: () => void;
}) {
  const headingId = `consignment-${c.consignmentId}`;
  return (
    <article aria-labelledby={headingId} className={panelClass} data-testid="consignment">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {c.gallery.name}
        </h2>
        {c.overdue ? <span className={badgeClass}>{CONSIGNMENT_MESSAGES.overdue}</span> : null}
      </div>
      <p className={css({ color: 'fg.muted' })}>
        {dayLabel(c.startsOn)} to {dayLabel(c.endsOn)} · {c.commissionPercent}% commission · {plural(c.open, 'work', 'works')} at the
        gallery
      </p>
      <ul aria-label={`Works consigned to ${c.gallery.name}`} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {c.items.map((item) => {
          const name = `${item.title || 'Untitled'}${item.copy ? ` (${item.copy})` : ''}`;
          return (
            <li key={item.pieceId} className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })}>
              {item.imageUrl ? (
                <img
                  src={item.imageUrl}
                  alt=""
                  width={48}
                  height={48}
                  className={css({ w: '12', h: '12', objectFit: 'cover', borderRadius: 'sm', flexShrink: 0 })}
                />
              ) : (
                <span aria-hidden="true" className={css({ w: '12', h: '12', borderRadius: 'sm', bg: 'bg.subtle', flexShrink: 0 })} />
              )}
              <div className={css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' })}>
                {item.state === 'atGallery' ? (
                  <Checkbox
                    label={name}
                    checked={chosen.includes(item.pieceId)}
                    disabled={busy}
                    onCheckedChange={() => onToggle(item.pieceId)}
                  />
                ) : (
                  <span className={css({ overflowWrap: 'anywhere', fontSize: 'sm' })}>{name}</span>
                )}
                <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                  {CONSIGNMENT_ITEM_LABELS[item.state]}
                  {item.state === 'returned' && item.returnedOn ? ` on ${dayLabel(item.returnedOn)}` : ''} ·{' '}
                  <Link
                    href={`/portfolio/artwork/${item.artworkId}?tab=inventory`}
                    className={css({ color: 'accent.default', textDecoration: 'underline' })}
                  >
                    Open<span className={css({ srOnly: true })}> {name}</span>
                  </Link>
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-start' })}>
        {c.open > 0 ? (
          <Button size="sm" disabled={busy || chosen.length === 0} onClick={onReturn}>
            {returning ? 'Returning...' : CONSIGNMENT_MESSAGES.returnChosen(chosen.length)}
          </Button>
        ) : null}
        <PaperworkDownload
          paperwork={paperwork}
          path={`/consignment/${c.consignmentId}/form.pdf`}
          fileName="consignment-form.pdf"
          label={CONSIGNMENT_MESSAGES.form}
        />
      </div>
    </article>
  );
}
