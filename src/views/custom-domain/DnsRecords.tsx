import { css } from 'styled-system/css';
import type { DnsRecord } from '../../schemas/domain.schema';
import { Button } from '../ui/button';

const list = css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' });
const item = css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '3', bg: 'bg.surface' });
const facts = css({ display: 'grid', gridTemplateColumns: 'auto 1fr auto', gap: '2', alignItems: 'center', fontSize: 'sm' });
const term = css({ color: 'fg.muted', fontWeight: 'semibold' });
const value = css({ fontFamily: 'mono', overflowWrap: 'anywhere', minW: 0 });

export interface RecordRow {
  /** Stable id for the copy feedback ('txt-name'). */
  id: string;
  record: DnsRecord;
  /** What it is for, said above it. */
  purpose: string;
}

/** The records to create at the artist's DNS provider, each name and value with a Copy button. */
export function DnsRecords({
  rows,
  copied,
  onCopy,
}: {
  rows: RecordRow[];
  copied: string | null;
  onCopy: (id: string, text: string) => void;
}) {
  return (
    <ul className={list} aria-label="DNS records">
      {rows.map(({ id, record, purpose }) => (
        <li key={id} className={item} aria-label={`${record.type} record`}>
          <p className={css({ fontSize: 'sm', mb: '2' })}>
            <strong>{record.type}</strong> · {purpose}
          </p>
          <dl className={facts}>
            {(['name', 'value'] as const).map((part) => {
              const copyId = `${id}-${part}`;
              const label = part === 'name' ? 'Name' : record.type === 'CNAME' ? 'Target' : 'Value';
              return (
                <div key={part} className={css({ display: 'contents' })}>
                  <dt className={term}>{label}</dt>
                  <dd className={value}>{record[part]}</dd>
                  <dd>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Copy ${record.type} ${label.toLowerCase()}`}
                      onClick={() => onCopy(copyId, record[part])}
                    >
                      {copied === copyId ? 'Copied' : 'Copy'}
                    </Button>
                  </dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
