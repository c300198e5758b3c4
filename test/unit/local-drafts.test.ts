import { describe, expect, it } from 'vitest';
import { clearLocalDrafts, createLocalDrafts, memoryDraftStore, type DraftStore } from '../../src/services/local-drafts';
import { LOCAL_DRAFT_MESSAGES, LOCAL_POST_DRAFT_VERSION, type LocalPostDraft } from '../../src/schemas/local-post-draft.schema';
import { ServiceError } from '../../src/services/api-error';

const draft = (key: string, content: string): LocalPostDraft => ({
  version: LOCAL_POST_DRAFT_VERSION,
  key,
  savedAt: Date.UTC(2026, 10, 28, 9),
  values: {
    content,
    hashtags: ['#ink'],
    mentions: [],
    accounts: [{ platform: 'bluesky', handle: 'ada.bsky.social' }],
    dateScheduled: null,
    location: '',
    labels: [],
    langs: ['en'],
    threadBreaks: null,
    mats: {},
  },
  files: [
    {
      kind: 'local',
      id: 'file-1',
      name: 'harbour.png',
      type: 'image/png',
      lastModified: 5,
      blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      altText: 'Boats at dawn',
    },
    { kind: 'uploaded', id: '7a0c7a1e-2b3d-4e5f-8a9b-0c1d2e3f4a01', altText: 'A blank canvas' },
  ],
  seq: 1,
});

describe('unsaved posts kept in the browser', () => {
  it('are filed under the artist signed in: another artist on the same browser reads nothing', async () => {
    const store = memoryDraftStore();
    let user: string | null = 'ada';
    const drafts = createLocalDrafts(() => user, store);
    await drafts.write(draft('new', 'Morning light'));
    expect([...store.entries.keys()]).toEqual(['ada/new']);
    const read = await drafts.read('new');
    expect(read?.values.content).toBe('Morning light');
    expect(read?.files[0]).toMatchObject({ kind: 'local', name: 'harbour.png', altText: 'Boats at dawn' });

    user = 'bob';
    expect(await drafts.read('new')).toBeNull();
    user = null;
    expect(await drafts.read('new')).toBeNull();
    await expect(drafts.write(draft('new', 'x'))).rejects.toThrow(LOCAL_DRAFT_MESSAGES.signedOut);
  });

  it('signing out forgets that artist’s copies and no one else’s', async () => {
    const store = memoryDraftStore();
    await createLocalDrafts(() => 'ada', store).write(draft('new', 'Ada’s'));
    await createLocalDrafts(() => 'ada', store).write(draft('5f0c7a1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b', 'Ada’s draft'));
    await createLocalDrafts(() => 'adam', store).write(draft('new', 'Adam’s'));
    await clearLocalDrafts('ada', store);
    expect([...store.entries.keys()]).toEqual(['adam/new']);
  });

  it('a full browser is said plainly, and any other refusal too', async () => {
    const failing = (error: unknown): DraftStore => ({ ...memoryDraftStore(), set: () => Promise.reject(error) });
    const full = createLocalDrafts(() => 'ada', failing(new DOMException('Quota', 'QuotaExceededError')));
    const error = await full.write(draft('new', 'x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toBe(LOCAL_DRAFT_MESSAGES.full);
    const refused = createLocalDrafts(() => 'ada', failing(new DOMException('No', 'InvalidStateError')));
    await expect(refused.write(draft('new', 'x'))).rejects.toThrow(LOCAL_DRAFT_MESSAGES.unavailable);
  });

  it('a copy that does not fit this version, or cannot be read, is not restored', async () => {
    const store = memoryDraftStore();
    store.entries.set('ada/new', { version: 99, content: 'old shape' });
    const drafts = createLocalDrafts(() => 'ada', store);
    expect(await drafts.read('new')).toBeNull();
    const broken = createLocalDrafts(() => 'ada', { ...store, get: () => Promise.reject(new Error('closed')) });
    expect(await broken.read('new')).toBeNull();
  });

  it('runs in the order asked: a removal asked after a write lands after it, whatever their speeds', async () => {
    const store = memoryDraftStore();
    const slow: DraftStore = { ...store, set: (k, v) => new Promise((r) => setTimeout(() => r(store.set(k, v)), 30)) };
    const drafts = createLocalDrafts(() => 'ada', slow);
    const writing = drafts.write(draft('new', 'x'));
    await drafts.remove('new');
    await writing;
    expect(store.entries.size).toBe(0);
  });
});
