import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app';
import { App } from './views/App';
import { AppProvider } from './views/app-context';
import './index.css';

/** Starts the app; in QA mode inside the studio's frame (src/qa/qa-boot.tsx). */
function start(frame = (app: ReactNode) => app) {
  const app = createApp();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider value={app}>{frame(<App />)}</AppProvider>
    </StrictMode>,
  );
}

// QA mode: the server wrote <meta name="qa-tools"> (QA_TOOLS=true; no inline script under the CSP). Its boot comes
// first, so the studio sees every actor from the first; off, this line is all the entry holds of QA.
if (document.querySelector('meta[name=qa-tools]')) void import('./qa/qa-boot').then((qa) => start(qa.withQa));
else start();
