import { createContext, useContext } from 'react';
import type { AppRuntime } from '../app';

const AppContext = createContext<AppRuntime | null>(null);

export const AppProvider = AppContext.Provider;

/** The app-wide actors and services; only route adapters and the shell reach for them. */
export function useApp(): AppRuntime {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp needs an <AppProvider>');
  return app;
}
