import { css } from 'styled-system/css';
import { NAV_SECTIONS, type NavSection } from './nav-sections';
import { NavLink } from './nav-link';

const heading = css({
  px: '3',
  mb: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: 'fg.muted',
});
const list = css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '0.5' });

/** A section with a heading of its own, unless its one page already says its name (Profile). */
const titled = (section: NavSection) => section.pages[0]?.label !== section.label;

/**
 * The studio's one navigation, its sections and their pages (nav-sections.ts): beside the page on a laptop, in the
 * drawer on a phone. Each section is a list named for it; the page shown is marked `aria-current="page"`, the page an
 * editor or detail belongs to `aria-current="true"`.
 */
export function StudioNav() {
  return (
    <nav aria-label="Sections" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      {NAV_SECTIONS.map((section) => {
        const headingId = `nav-section-${section.id}`;
        return (
          <div key={section.id} data-section={section.id}>
            {titled(section) ? (
              <p id={headingId} className={heading}>
                {section.label}
              </p>
            ) : null}
            <ul
              className={list}
              aria-labelledby={titled(section) ? headingId : undefined}
              aria-label={titled(section) ? undefined : section.label}
            >
              {section.pages.map((page) => (
                <li key={page.href}>
                  <NavLink page={page} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
