import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { eventName, innermost, pathTitle, type QaPath } from '../../qa/qa-report';
import { Button } from '../ui/button';

const muted = css({ color: 'fg.muted' });
const link = css({ color: 'accent.default', textDecoration: 'underline', fontFamily: 'mono', fontSize: 'xs' });

/** The studio's address of a test file's source at a line (SourcePage). */
export const sourceHref = (file: string, line?: number) =>
  `/source?file=${encodeURIComponent(file)}${line ? `&line=${line}#L${line}` : ''}`;

/** Each generated test path: its test (a link to the test's file and line), its events and states, and Step through. */
export function TestPathList({ paths, internals, onStep }: { paths: QaPath[]; internals: boolean; onStep: (pathId: string) => void }) {
  return (
    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {paths.map((p) => {
        const title = pathTitle(p, internals);
        return (
          <li
            key={p.id}
            data-test-path={p.id}
            className={css({
              borderWidth: '1px',
              borderRadius: 'md',
              p: '3',
              display: 'flex',
              gap: '3',
              alignItems: 'flex-start',
              flexWrap: { base: 'wrap', sm: 'nowrap' },
            })}
          >
            <div className={css({ flex: '1', minW: 0, fontSize: 'sm', overflowWrap: 'anywhere' })}>
              <p className={css({ fontWeight: 'bold' })}>{title}</p>
              {p.file ? (
                <p>
                  <Link href={sourceHref(p.file, p.line)} className={link} data-testid="test-source">
                    {p.file}
                    {p.line ? `:${p.line}` : ''}
                  </Link>
                </p>
              ) : null}
              <p>
                <span className={muted}>Events: </span>
                {p.steps.map((s) => eventName(s.event, internals)).join(' → ') || '(none)'}
              </p>
              <p>
                <span className={muted}>States: </span>
                {[p.start, ...p.steps.map((s) => s.states)].map((states) => innermost(states).join(' + ')).join(' → ')}
              </p>
            </div>
            <Button size="sm" variant="outline" aria-label={`Step through: ${title}`} onClick={() => onStep(p.id)}>
              Step through
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
