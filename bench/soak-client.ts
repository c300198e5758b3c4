import { percentile } from './support';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The route a URL was sent to, as the server declares it: ids, upload tokens and public slugs named, query left out. */
export const routeOf = (method: string, url: string) => {
  const { pathname } = new URL(url);
  const path = pathname
    .replace(UUID, ':id')
    .replace(/^\/api\/uploads\/local\/[^/]+$/, '/api/uploads/local/:token')
    .replace(/^\/p\/[^/]+/, '/p/:slug')
    .replace(/^\/p\/:slug\/images\/[^/]+$/, '/p/:slug/images/:file');
  return `${method} ${path}`;
};

export interface SendOptions {
  token?: string;
  json?: unknown;
  body?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/** Every request of the load, timed by route; what was not 2xx (or never answered) kept to be listed. */
export class Recorder {
  readonly times = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  failed = 0;
  total = 0;

  constructor(private readonly base: string) {}

  /** Sends one request; answers the response when it is 2xx (body read as JSON when there is one), else null. */
  async send<T = unknown>(method: string, urlOrPath: string, { token, json, body, headers = {} }: SendOptions = {}): Promise<T | null> {
    const url = urlOrPath.startsWith('http') ? urlOrPath : this.base + urlOrPath;
    const route = routeOf(method, url);
    const started = performance.now();
    let outcome: string;
    try {
      const res = await fetch(url, {
        method,
        headers: {
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? body : JSON.stringify(json),
      });
      const text = await res.text();
      this.time(route, performance.now() - started);
      if (res.ok) return (res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text) as T;
      outcome = `${res.status} ${text.slice(0, 160)}`;
    } catch (err) {
      this.time(route, performance.now() - started);
      outcome = `network error: ${(err as Error).cause ?? (err as Error).message}`;
    }
    this.failed += 1;
    const key = `${route}: ${outcome}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    return null;
  }

  private time(route: string, ms: number) {
    this.total += 1;
    const list = this.times.get(route) ?? [];
    list.push(ms);
    this.times.set(route, list);
  }

  /** Markdown: requests, p50 and p99 of each route, busiest first. */
  routeTable() {
    const rows = [...this.times].sort((a, b) => b[1].length - a[1].length);
    return (
      '| Route | Requests | p50 | p99 |\n|---|---|---|---|\n' +
      rows
        .map(([route, ms]) => `| ${route} | ${ms.length} | ${percentile(ms, 50).toFixed(1)} ms | ${percentile(ms, 99).toFixed(1)} ms |`)
        .join('\n')
    );
  }

  /** The failures, most frequent first, for the budget line. */
  failureList(max = 8) {
    return [...this.failures]
      .sort((a, b) => b[1] - a[1])
      .slice(0, max)
      .map(([what, n]) => `${n}x ${what}`)
      .join('; ');
  }
}
