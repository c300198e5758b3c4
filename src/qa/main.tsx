import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { inspection, liveFeed } from './live-inspection';
import { createApp } from '../app';
import { App } from '../views/App';
import { AppProvider } from '../views/app-context';
import { InspectionProvider } from '../views/inspection';
import { QaFrame } from '../views/qa/QaFrame';
import '../index.css';

// The QA build's entry (`vite build --mode qa`, `npm run dev`), in place of src/main.tsx: the same app, framed by the
// studio (/qa instead of the app, the live panel beside it). The app's own build never reaches this folder.

const app = createApp(inspection);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider value={app}>
      <InspectionProvider value={inspection}>
        <QaFrame feed={liveFeed}>
          <App />
        </QaFrame>
      </InspectionProvider>
    </AppProvider>
  </StrictMode>,
);
