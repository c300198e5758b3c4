import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app';
import { App } from './views/App';
import { AppProvider } from './views/app-context';
import './index.css';

const app = createApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider value={app}>
      <App />
    </AppProvider>
  </StrictMode>,
);
