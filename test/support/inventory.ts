import { expect } from 'vitest';
import type { ContactInput } from '../../src/schemas/contact.schema';
import type { Contact } from '../../src/schemas/contact.schema';
import type { HistoryPage } from '../../src/schemas/history.schema';
import type { Inventory } from '../../src/schemas/inventory.schema';
import type { TestApp } from './test-app';

/** Calls the inventory API as one artist and reads the answers. */
export function inventoryClient(t: TestApp, token: string) {
  const call = (path: string, method: string, json?: unknown) => t.request(`/api${path}`, { method, token, json });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    const body = await res.text();
    expect(res.status, body).toBe(status);
    return (body ? JSON.parse(body) : null) as T;
  };
  return {
    call,
    ok,
    contact: async (input: Partial<ContactInput> = {}) =>
      ok<Contact>(await call('/contact', 'POST', { name: 'Ada Collector', kind: 'collector', ...input }), 201),
    inventory: async (artworkId: string) => ok<Inventory>(await call(`/artwork/${artworkId}/inventory`, 'GET')),
    history: async (artworkId: string, query = '') => ok<HistoryPage>(await call(`/artwork/${artworkId}/history${query}`, 'GET')),
    /** POST (or PUT) a change of an artwork's pieces: /artwork/<id>/<path>. */
    change: (artworkId: string, path: string, json: unknown, method = 'POST') => call(`/artwork/${artworkId}/${path}`, method, json),
  };
}

/** A day relative to today (UTC), YYYY-MM-DD. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
