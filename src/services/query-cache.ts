export type QueryKey = readonly (string | number | boolean | null | undefined | object)[];

export const MINUTE = 60_000;
/** Requirements §7: fresh for 5 minutes, kept for 30, no refetch on focus or mount while fresh. */
export const DEFAULT_FRESH_MS = 5 * MINUTE;
export const DEFAULT_KEEP_MS = 30 * MINUTE;

interface Entry {
  data?: unknown;
  fetchedAt: number;
  pending?: Promise<unknown>;
}

const keyOf = (key: QueryKey) => JSON.stringify(key);

/**
 * A small query cache for services: answers fresh data without a request, shares one request among concurrent
 * callers, forgets entries not used for `keepMs`, and is invalidated by key prefix after every change the user makes.
 */
export function createQueryCache(options: { keepMs?: number; now?: () => number } = {}) {
  const keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry & { key: QueryKey; usedAt: number }>();

  function collect() {
    const t = now();
    for (const [k, e] of entries) if (!e.pending && t - e.usedAt > keepMs) entries.delete(k);
  }

  return {
    /** Cached data when fresher than freshMs; otherwise runs fn (once, however many callers wait). */
    async fetch<T>(key: QueryKey, fn: () => Promise<T>, freshMs = DEFAULT_FRESH_MS): Promise<T> {
      collect();
      const k = keyOf(key);
      const t = now();
      const entry = entries.get(k);
      if (entry) {
        entry.usedAt = t;
        if (entry.pending) return entry.pending as Promise<T>;
        if ('data' in entry && t - entry.fetchedAt < freshMs) return entry.data as T;
      }
      const pending = fn();
      const record = { key, fetchedAt: t, usedAt: t, pending, data: entry?.data };
      entries.set(k, record);
      try {
        const data = await pending;
        if (entries.get(k) === record) entries.set(k, { key, data, fetchedAt: now(), usedAt: now() });
        return data;
      } catch (err) {
        if (entries.get(k) === record) entries.delete(k);
        throw err;
      }
    },
    /** Whatever is cached, fresh or not. */
    peek<T>(key: QueryKey): T | undefined {
      return entries.get(keyOf(key))?.data as T | undefined;
    },
    set<T>(key: QueryKey, data: T) {
      entries.set(keyOf(key), { key, data, fetchedAt: now(), usedAt: now() });
    },
    /** Drops every entry whose key starts with prefix, so the next fetch asks the server. */
    invalidate(prefix: QueryKey) {
      const p = keyOf(prefix).slice(0, -1);
      for (const k of [...entries.keys()]) if (k === `${p}]` || k.startsWith(`${p},`)) entries.delete(k);
    },
    clear: () => entries.clear(),
  };
}

export type QueryCache = ReturnType<typeof createQueryCache>;
