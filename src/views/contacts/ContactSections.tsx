import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import type { ContactDetail } from '../../schemas/contact-detail.schema';
import { dayLabel } from '../../schemas/inventory-fields';
import { formatMoney } from '../../schemas/money.schema';
import { plural } from '../../schemas/plural';
import { panelClass } from '../ui/panel';

/** How much of an inquiry's message its line shows. */
const EXCERPT = 140;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT).trimEnd()}…` : text);

const linkClass = css({ color: 'accent.default', textDecoration: 'underline', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });

/** A work on its Inventory tab, as Consignments and Home link it. */
const WorkLink = ({ artworkId, title, copy }: { artworkId: string; title: string; copy: string | null }) => (
  <Link href={`/portfolio/artwork/${artworkId}?tab=inventory`} className={linkClass}>
    {title || 'Untitled'}
    {copy ? ` (${copy})` : ''}
  </Link>
);

function Section({ id, title, none, children }: { id: string; title: string; none: string; children: ReactNode[] }) {
  return (
    <section aria-labelledby={id} className={panelClass}>
      <h2 id={id} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
        {title}
      </h2>
      {children.length ? <ul className={listClass}>{children}</ul> : <p className={mutedClass}>{none}</p>}
    </section>
  );
}

/** What a contact is part of: what they bought, what they were consigned, what they hold, and what they wrote. */
export function ContactSections({ detail }: { detail: ContactDetail }) {
  return (
    <>
      <Section id="contact-purchases" title="Purchases" none="No purchases.">
        {detail.purchases.map((sale) => (
          <li key={sale.saleId} data-testid="purchase">
            <WorkLink artworkId={sale.artworkId} title={sale.artworkTitle} copy={sale.copy} />
            <p className={mutedClass}>
              {dayLabel(sale.date)}
              {sale.price ? ` · ${formatMoney(sale.price)}` : ''}
              {sale.price && sale.net !== null ? ` · net ${formatMoney({ amount: sale.net, currency: sale.price.currency })}` : ''}
            </p>
            {sale.returnedOn ? <span className={badge({ tone: 'warning' })}>Returned on {dayLabel(sale.returnedOn)}</span> : null}
          </li>
        ))}
      </Section>
      <Section id="contact-consignments" title="Consignments" none="No consignments.">
        {detail.consignments.map((c) => (
          <li key={c.consignmentId}>
            <Link href="/portfolio/consignments" className={linkClass}>
              {dayLabel(c.startsOn)} to {dayLabel(c.endsOn)}
            </Link>
            <p className={mutedClass}>
              {c.commissionPercent}% commission · {plural(c.open, 'work', 'works')} at the gallery
            </p>
          </li>
        ))}
      </Section>
      <Section id="contact-holds" title="Holds" none="No works on hold.">
        {detail.holds.map((h) => (
          <li key={`${h.artworkId}-${h.copy ?? ''}`}>
            <WorkLink artworkId={h.artworkId} title={h.title} copy={h.copy} />
            <p className={mutedClass}>Held until {dayLabel(h.until)}</p>
          </li>
        ))}
      </Section>
      <Section id="contact-inquiries" title="Inquiries" none="No inquiries from this address.">
        {detail.inquiries.map((i) => (
          <li key={i.inquiryId}>
            <p className={mutedClass}>
              {dayLabel(i.createdDate)} ·{' '}
              {i.artworkId ? <WorkLink artworkId={i.artworkId} title={i.artworkTitle} copy={null} /> : i.artworkTitle}
            </p>
            <p className={css({ overflowWrap: 'anywhere' })}>{excerpt(i.message)}</p>
          </li>
        ))}
      </Section>
    </>
  );
}
