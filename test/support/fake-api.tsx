import { render } from '@testing-library/react';
import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppRuntime } from '../../src/app';
import { createQueryCache } from '../../src/services/query-cache';
import { AppProvider } from '../../src/views/app-context';

export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}
/** What the fake API answers: a status and a body (an error body for statuses of 400 and up). */
export type FakeAnswer = { status: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * The app's services over a fake API: an axios adapter answers each request with `handler`, so the real services,
 * their error handling and the route adapters all run. Toasts sent by the page are recorded.
 */
export function renderWithFakeApi(
  ui: ReactNode,
  { path, handler, app = {} }: { path: string; handler: FakeHandler; app?: Partial<AppRuntime> },
) {
  const requests: FakeRequest[] = [];
  const toasts: Array<{ title: string; toastType?: string }> = [];
  const http = axios.create({
    baseURL: '/api',
    adapter: async (config: InternalAxiosRequestConfig) => {
      const request: FakeRequest = {
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: Object.fromEntries(Object.entries(config.params ?? {}).filter(([, v]) => v !== undefined)),
        body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      };
      requests.push(request);
      const { status, body } = await handler(request);
      const response = { data: body, status, statusText: String(status), headers: new AxiosHeaders(), config };
      if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
      return response;
    },
  });
  const runtime = {
    http,
    cache: createQueryCache(),
    toasts: {
      send: (event: { title: string; toastType?: string }) => void toasts.push({ title: event.title, toastType: event.toastType }),
    },
    ...app,
  } as unknown as AppRuntime;
  const location = memoryLocation({ path, record: true });
  const view = render(
    <AppProvider value={runtime}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...view, requests, toasts, location };
}
