import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { provideQaSource } from '../../machines/qa-source/qa-source.provide';
import { selectFailure, selectIsLoading, selectLines } from '../../machines/qa-source/qa-source.selectors';
import { fetchTestSource } from '../../services/qa-report.service';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const defaultLogic = provideQaSource({ loadSource: fetchTestSource });

/** /qa/source?file=…&line=…: a test file, numbered, its `line` marked and scrolled into the middle of the screen. */
export function SourcePage({ file, line, logic = defaultLogic }: { file: string; line: number | null; logic?: typeof defaultLogic }) {
  const actor = useActorRef(logic, { input: { file } });
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const lines = useSelector(actor, selectLines);
  const current = useRef<HTMLLIElement>(null);
  useEffect(() => current.current?.scrollIntoView?.({ block: 'center' }), [lines]);

  return (
    <section aria-labelledby="source-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3', minW: 0 })}>
      <h1 id="source-title" className={css({ fontSize: 'xl', fontWeight: 'bold', fontFamily: 'mono', overflowWrap: 'anywhere' })}>
        {file}
        {line ? `:${line}` : ''}
      </h1>
      {loading ? <Spinner /> : null}
      {failure ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <p>{failure}</p>
          <Button variant="outline" onClick={() => actor.send({ type: 'source.retry' })}>
            Retry
          </Button>
        </div>
      ) : null}
      {lines ? (
        <div
          // A wide line scrolls sideways, from the keyboard too.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label={`Source of ${file}`}
          className={css({ overflowX: 'auto', borderWidth: '1px', borderRadius: 'md' })}
        >
          <ol data-testid="source" className={css({ fontFamily: 'mono', fontSize: 'sm', py: '2', minW: 'max-content' })}>
            {lines.map((text, i) => {
              const n = i + 1;
              const here = n === line;
              return (
                <li
                  key={n}
                  id={`L${n}`}
                  ref={here ? current : undefined}
                  data-current={here ? 'true' : undefined}
                  className={css({
                    display: 'flex',
                    whiteSpace: 'pre',
                    px: '2',
                    bg: here ? 'accent.subtle' : undefined,
                    fontWeight: here ? 'bold' : undefined,
                  })}
                >
                  <span
                    aria-hidden="true"
                    className={css({ color: 'fg.muted', w: '12', flexShrink: 0, textAlign: 'right', pr: '4', userSelect: 'none' })}
                  >
                    {n}
                  </span>
                  <code>{text || ' '}</code>
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
