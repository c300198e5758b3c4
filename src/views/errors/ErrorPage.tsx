import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { MESSAGES } from '../../schemas/messages';

const PAGES: Record<number, { title: string; text: string }> = {
  400: { title: '400 Bad Request', text: 'The request could not be understood. Check the address and try again.' },
  403: { title: '403 Forbidden', text: 'You do not have access to this page.' },
  404: { title: '404 Page Not Found', text: 'There is no page at this address.' },
  405: { title: '405 Method Not Allowed', text: 'This page cannot be used that way.' },
};

/** The error pages: 404 for an unmatched address, 400, 403, 405, and 'Unexpected Application Error!' for the rest. */
export function ErrorPage({ status, detail }: { status?: number; detail?: string }) {
  const page = status ? PAGES[status] : undefined;
  return (
    <section className={css({ p: '8', display: 'flex', flexDirection: 'column', gap: '3', maxW: '2xl' })} aria-labelledby="error-title">
      <h1 id="error-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {page?.title ?? MESSAGES.unexpectedError}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{page?.text ?? 'Something went wrong while showing this page.'}</p>
      {detail ? (
        <pre className={css({ fontSize: 'sm', bg: 'bg.subtle', p: '3', borderRadius: 'md', whiteSpace: 'pre-wrap' })}>{detail}</pre>
      ) : null}
      <Link href="/" className={cx(button({ variant: 'solid' }), css({ alignSelf: 'flex-start' }))}>
        Go to Home
      </Link>
    </section>
  );
}

export const NotFoundPage = () => <ErrorPage status={404} />;
