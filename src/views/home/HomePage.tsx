import { css } from 'styled-system/css';
import { WelcomeArt } from './WelcomeArt';

/** Home: the welcome image and text. */
export default function HomePage() {
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '3xl' })} aria-labelledby="home-title">
      <WelcomeArt />
      <h1 id="home-title" className={css({ fontSize: '3xl', fontWeight: 'bold' })}>
        Welcome to your studio
      </h1>
      <p className={css({ color: 'fg.muted', fontSize: 'lg' })}>
        Keep your artworks and their media in one portfolio, follow what changed in the activity journal, publish your
        public portfolio, and plan your posts for social media.
      </p>
    </section>
  );
}
