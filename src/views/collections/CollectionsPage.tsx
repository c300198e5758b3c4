import { css } from 'styled-system/css';

/** /portfolio/collections: a placeholder until collections have screens of their own. */
export default function CollectionsPage() {
  return (
    <section aria-labelledby="collections-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h1 id="collections-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        Collections
      </h1>
      <p className={css({ color: 'fg.muted' })}>Collections of your artworks will appear here.</p>
    </section>
  );
}
