import { css } from 'styled-system/css';
import { postSegments } from '../../../schemas/post-facets';

const facet = css({ color: 'accent.default', fontWeight: 'medium' });

/** A post's text with its mentions, links and hashtags highlighted as the network will show them. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {postSegments(text).map((s, i) =>
        s.kind === 'text' ? (
          s.text
        ) : (
          <span key={i} className={facet} data-facet={s.kind}>
            {s.text}
          </span>
        ),
      )}
    </>
  );
}
