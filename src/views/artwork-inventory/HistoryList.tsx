import { css } from 'styled-system/css';
import { HISTORY_ACTOR_LABELS, type HistoryEntry } from '../../schemas/history.schema';
import { JOURNAL_TYPE_LABELS, type JournalType } from '../../schemas/journal.schema';

const when = (e: HistoryEntry) =>
  e.date
    ? new Date(`${e.date}T12:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' })
    : new Date(e.recordedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The artwork's history, newest first: when, what changed from what to what, who, and the note. */
export function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  return (
    <ol aria-label="History" className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
      {entries.map((e) => (
        <li key={e.entryId} className={css({ borderLeftWidth: '2px', borderColor: 'border', pl: '3' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <time dateTime={e.date ?? e.recordedAt}>{when(e)}</time> · {HISTORY_ACTOR_LABELS[e.who]}
            {e.copy ? ` · ${e.copy}` : ''}
          </p>
          <p className={css({ fontWeight: 'semibold' })}>{JOURNAL_TYPE_LABELS[e.type as JournalType] ?? e.type}</p>
          <ul className={css({ listStyle: 'none', fontSize: 'sm' })}>
            {e.changes.map((c, i) => (
              <li key={i}>
                {c.what}
                {c.from !== null || c.to !== null ? ': ' : ''}
                {c.from !== null ? <span>{c.from} → </span> : null}
                {c.to}
              </li>
            ))}
          </ul>
          {e.note ? <p className={css({ fontSize: 'sm', fontStyle: 'italic', overflowWrap: 'anywhere' })}>“{e.note}”</p> : null}
        </li>
      ))}
    </ol>
  );
}
