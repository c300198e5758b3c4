import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { followTabs, type LiveTab } from '../../qa/live-feed';
import { LiveActorCard } from './LiveActorCard';
import { LiveEventLog } from './LiveEventLog';

/** /qa/live: the app's tabs in this browser, followed over a BroadcastChannel, for a second screen. */
export function LiveWindowPage() {
  const [tabs, setTabs] = useState<LiveTab[]>([]);
  useEffect(() => followTabs(setTabs), []);

  return (
    <section aria-labelledby="live-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h1 id="live-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        Live
      </h1>
      {tabs.length === 0 ? (
        <p data-testid="no-tabs">No tab of the app is open in this browser: open the app in another tab or window.</p>
      ) : null}
      {tabs.map((tab, i) => (
        <section
          key={tab.tab}
          aria-labelledby={`tab-${tab.tab}`}
          data-tab={tab.tab}
          className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        >
          <h2 id={`tab-${tab.tab}`} className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
            Tab {i + 1} at {tab.path}
          </h2>
          <LiveEventLog actors={tab.actors} label={`Events in tab ${i + 1}`} />
          <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 520px), 1fr))', gap: '3' })}>
            {tab.actors.map((actor) => (
              <LiveActorCard key={actor.id} actor={actor} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
