import { css } from 'styled-system/css';
import { tabLog, type LiveActor } from '../../qa/live-feed';

const time = (t: number) => new Date(t).toISOString().slice(11, 23);

/** A tab's event log, newest first: when, which chart, the event, and its states before → after. Scrolls in its box. */
export function LiveEventLog({ actors, label }: { actors: LiveActor[]; label: string }) {
  const entries = tabLog(actors);
  return (
    <section aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <h3 className={css({ fontWeight: 'bold' })}>Event log ({entries.length})</h3>
      <div
        // Its own scroll box, reachable from the keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={`${label}, newest first`}
        className={css({ maxH: '14rem', overflowY: 'auto', borderWidth: '1px', borderRadius: 'md' })}
      >
        {entries.length ? (
          <ol data-testid="event-log" className={css({ fontSize: 'xs', fontFamily: 'mono', display: 'flex', flexDirection: 'column' })}>
            {entries.map((entry, i) => (
              <li
                key={`${entry.actorId}-${entries.length - i}`}
                data-event-actor={entry.machineId}
                className={css({ px: '2', py: '1', borderBottomWidth: '1px', borderColor: 'border', overflowWrap: 'anywhere' })}
              >
                <span className={css({ color: 'fg.muted' })}>{time(entry.time)}</span> {entry.machineId} <strong>{entry.type}</strong>:{' '}
                {entry.before.join(', ') || '(none)'} → {entry.after.join(', ')}
              </li>
            ))}
          </ol>
        ) : (
          <p className={css({ p: '2', fontSize: 'sm', color: 'fg.muted' })}>No event yet.</p>
        )}
      </div>
    </section>
  );
}
