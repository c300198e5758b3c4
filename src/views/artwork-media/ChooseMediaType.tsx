import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { MEDIA_TYPES, mediaTypeLabel } from '../../schemas/media-type.schema';

/** /portfolio/artwork/new without a known media type: the artist picks one of the six. */
export function ChooseMediaType() {
  return (
    <section aria-labelledby="choose-type-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h1 id="choose-type-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        Create New Artwork
      </h1>
      <p>Choose the media type of the new artwork.</p>
      <ul className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', listStyle: 'none' })}>
        {MEDIA_TYPES.map((type) => (
          <li key={type}>
            <Link href={`/portfolio/artwork/new/${type}`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              {mediaTypeLabel(type)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
