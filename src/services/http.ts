import type { AxiosAdapter, AxiosInstance, AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import { isIdTokenStale } from '../schemas/id-token';

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sign-in, account creation and forgot-password go without a token and never trigger the 401 handling. */
    public?: boolean;
    _retried?: boolean;
  }
}

export interface SessionBridge {
  /** The ID token to send now, or undefined when signed out. */
  currentToken(): string | undefined;
  /**
   * Called when `failedToken` was refused (401) or is stale. Resolves with a fresh token once the session has
   * refreshed, or null once it has ended. However many calls fail together, the session handles it once.
   */
  renew(failedToken: string | undefined): Promise<string | null>;
}

export class SignedOutError extends Error {
  constructor() {
    super('You are signed out.');
    this.name = 'SignedOutError';
  }
}

/** What the services call: the verbs of an axios instance. */
export type Http = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'delete' | 'request'>;

/**
 * The API client: adds the bearer ID token to protected calls and renews the session on a 401, once. axios is
 * loaded with the first call, so the sign-in screen can take input before it arrives (a visitor without a stored
 * session makes no call until they submit). `adapter` replaces the network in tests.
 */
export function createHttp(bridge: SessionBridge, baseURL = API_BASE, adapter?: AxiosAdapter): Http {
  let instance: Promise<AxiosInstance> | undefined;
  const load = () => (instance ??= import('axios').then(({ default: axios }) => configure(axios, bridge, baseURL, adapter)));
  return {
    get: (...args) => load().then((http) => http.get(...args)),
    post: (...args) => load().then((http) => http.post(...args)),
    put: (...args) => load().then((http) => http.put(...args)),
    delete: (...args) => load().then((http) => http.delete(...args)),
    request: (...args) => load().then((http) => http.request(...args)),
  } as Http;
}

function configure(axios: AxiosStatic, bridge: SessionBridge, baseURL: string, adapter?: AxiosAdapter): AxiosInstance {
  const http = axios.create({ baseURL, adapter });

  const authorize = (config: InternalAxiosRequestConfig, token: string) => {
    config.headers = axios.AxiosHeaders.from(config.headers);
    config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  };

  http.interceptors.request.use(async (config) => {
    if (config.public) return config;
    let token = bridge.currentToken();
    if (token && isIdTokenStale(token)) token = (await bridge.renew(token)) ?? undefined;
    if (!token) throw new SignedOutError();
    return authorize(config, token);
  });

  http.interceptors.response.use(undefined, async (error) => {
    const config: InternalAxiosRequestConfig | undefined = error?.config;
    if (!config || config.public || config._retried || error.response?.status !== 401) throw error;
    const used = String(config.headers?.Authorization ?? '').replace(/^Bearer /, '') || undefined;
    const token = await bridge.renew(used);
    if (!token) throw error;
    config._retried = true;
    return http.request(authorize(config, token));
  });

  return http;
}
