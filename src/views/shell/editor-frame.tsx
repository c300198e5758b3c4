import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Button } from '../ui/button';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '3xl' });
const title = css({ fontSize: '2xl', fontWeight: 'bold' });

interface FrameProps {
  /** The id of the editor's heading (the section is labelled by it, as the editor itself is). */
  titleId: string;
  title: string;
  view: string;
  children: ReactNode;
}

function EditorFrame({ titleId, title: heading, view, children }: FrameProps) {
  return (
    <section className={page} aria-labelledby={titleId} data-view={view}>
      <h1 id={titleId} className={title}>
        {heading}
      </h1>
      {children}
    </section>
  );
}

/** What an editor shows for an address that names nothing (or someone else's): why, and the way back to its list. */
export function EditorNotFound(props: { titleId: string; title: string; text: string; back: { href: string; label: string } }) {
  return (
    <EditorFrame titleId={props.titleId} title={props.title} view="notFound">
      <p>{props.text}</p>
      <Link href={props.back.href} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
        {props.back.label}
      </Link>
    </EditorFrame>
  );
}

/** What an editor shows when what it edits could not be read: the reason (an alert), and Try again. */
export function EditorLoadFailed(props: { titleId: string; title: string; failure: ReactNode; onRetry: () => void }) {
  return (
    <EditorFrame titleId={props.titleId} title={props.title} view="loadFailed">
      {props.failure}
      <div>
        <Button variant="outline" onClick={props.onRetry}>
          Try again
        </Button>
      </div>
    </EditorFrame>
  );
}
