import type { Artwork, ArtworkPage } from '../src/schemas/artwork.schema';
import type { JournalEntry } from '../src/schemas/journal.schema';
import type { MediaItem } from '../src/schemas/media.schema';
import type { PublishResult } from '../src/schemas/publish.schema';
import type { SavePost, SocialPost } from '../src/schemas/social.schema';
import type { UploadTicket } from '../src/schemas/upload.schema';
import { composePostText } from '../src/schemas/post-text';
import { artworkInput } from '../test/support/portfolio';
import type { Recorder } from './soak-client';

/** An artist keeps a working set: past it, a new artwork replaces an old one and drafts are edited, not added. */
const MAX_ARTWORKS = 40;
const MAX_DRAFTS = 30;
const SORTS = ['createdAt', 'updatedAt', 'title', 'year', 'medium', 'saleStatus'];
const SEARCHES = ['harbour', 'study', 'oil', 'night', 'v3'];
const DAY = 24 * 60 * 60 * 1000;
const HASHTAGS = ['soak'];

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

/** What the server acknowledged (answered 2xx): each of it must be there when read back at the end. */
interface Acknowledged {
  artworks: Map<string, { title: string; media: Set<string> }>;
  deleted: string[];
  created: number;
  edits: number;
  drafts: Map<string, string>;
  posted: Map<string, string>;
  portfolio?: PublishResult;
}

/**
 * One artist using the studio through its API as the app does: lists and searches artworks, opens, creates and
 * edits them, uploads images (ticket, PUT to the signed URL, confirm), reads the journal, publishes the portfolio
 * and opens it, writes drafts and posts one now and then to their Bluesky account.
 */
export class SoakArtist {
  readonly acked: Acknowledged = { artworks: new Map(), deleted: [], created: 0, edits: 0, drafts: new Map(), posted: new Map() };
  private edits = 0;
  private drafted = 0;

  constructor(
    private readonly http: Recorder,
    private readonly token: string,
    readonly label: string,
    private readonly handle: string,
    private readonly images: Buffer[],
  ) {}

  private send = <T>(method: string, path: string, options: Parameters<Recorder['send']>[2] = {}) =>
    this.http.send<T>(method, path, { token: this.token, ...options });

  /** One action, chosen by how often an artist does it. */
  async act() {
    const actions: Array<[number, () => Promise<unknown>]> = [
      [20, () => this.list()],
      [10, () => this.open()],
      [10, () => this.create()],
      [10, () => this.edit()],
      [8, () => this.readJournal()],
      [6, () => this.upload()],
      [2, () => this.publish()],
      [8, () => this.draft()],
      [5, () => this.calendar()],
      [1, () => this.postNow()],
      [5, () => this.send('GET', '/api/user')],
    ];
    let roll = Math.random() * actions.reduce((s, [w]) => s + w, 0);
    for (const [weight, action] of actions) {
      roll -= weight;
      if (roll < 0) return action();
    }
  }

  /** The text each post published now must have on Bluesky. */
  postedTexts() {
    return [...this.acked.posted.values()].map((content) => composePostText({ content, hashtags: HASHTAGS, mentions: [] }));
  }

  private someArtwork() {
    return this.acked.artworks.size ? pick([...this.acked.artworks.keys()]) : undefined;
  }

  private async list() {
    const q = Math.random() < 0.3 ? `&q=${pick(SEARCHES)}` : '';
    const page = await this.send<ArtworkPage>(
      'GET',
      `/api/artwork?page=${1 + Math.floor(Math.random() * 3)}&pageSize=${pick([12, 24, 48])}&sort=${pick(SORTS)}&order=${pick(['asc', 'desc'])}${q}`,
    );
    // The list screen shows each tile's image.
    const images = (page?.items ?? []).map((a) => a.primaryImageUrl).filter((u): u is string => !!u);
    await Promise.all(images.slice(0, 4).map((url) => this.send('GET', url)));
  }

  private async open() {
    const id = this.someArtwork();
    if (!id) return this.create();
    await Promise.all([this.send('GET', `/api/artwork/${id}`), this.send('GET', `/api/artwork/${id}/media`)]);
  }

  private async create() {
    if (this.acked.artworks.size >= MAX_ARTWORKS) return this.remove();
    const n = this.acked.created + 1;
    const title = `${pick(['Harbour', 'Study', 'Night field', 'Portrait'])} ${this.label} ${n}`;
    const artwork = await this.send<Artwork>('POST', '/api/artwork', {
      json: artworkInput('PHYSICAL_2D', { title, tags: ['soak', `n${n % 7}`] }),
    });
    if (!artwork) return;
    this.acked.created += 1;
    this.acked.artworks.set(artwork.artworkId, { title, media: new Set() });
  }

  private async remove() {
    const id = this.someArtwork()!;
    // 204 has no body: only null means it failed.
    if ((await this.send('DELETE', `/api/artwork/${id}`)) !== null) {
      this.acked.artworks.delete(id);
      this.acked.deleted.push(id);
    }
  }

  private async edit() {
    const id = this.someArtwork();
    if (!id) return this.create();
    const entry = this.acked.artworks.get(id)!;
    const title = `${entry.title.replace(/ v\d+$/, '')} v${++this.edits}`;
    const input = artworkInput('PHYSICAL_2D', {
      title,
      saleStatus: pick(['AVAILABLE', 'SOLD', 'NOT_FOR_SALE'] as const),
      year: 1990 + (this.edits % 30),
    });
    if (await this.send('PUT', `/api/artwork/${id}`, { json: input })) {
      entry.title = title;
      this.acked.edits += 1;
    }
  }

  private async readJournal() {
    const first = await this.send<{ items: JournalEntry[]; nextCursor: string | null }>('GET', '/api/journal?limit=10');
    if (first?.nextCursor && Math.random() < 0.5)
      await this.send('GET', `/api/journal?limit=10&cursor=${encodeURIComponent(first.nextCursor)}`);
  }

  /** As the artwork editor does: ask for a ticket, PUT the file to the signed URL, confirm; sometimes make it primary. */
  private async upload() {
    const id = this.someArtwork();
    if (!id) return this.create();
    const file = pick(this.images);
    const ticket = await this.send<UploadTicket>('POST', `/api/artwork/${id}/media`, {
      json: { fileName: 'photo.jpg', fileType: 'image/jpeg', fileSizeInBytes: file.length },
    });
    if (!ticket) return;
    if ((await this.http.send(ticket.method, ticket.uploadUrl, { headers: ticket.headers, body: new Uint8Array(file) })) === null) return;
    const media = await this.send<MediaItem>('POST', `/api/uploads/${ticket.uploadId}/complete`);
    if (!media) return;
    this.acked.artworks.get(id)?.media.add(media.mediaId);
    if (Math.random() < 0.5) await this.send('POST', `/api/artwork/${id}/media/primary`, { json: { mediaId: media.mediaId } });
  }

  private async publish() {
    const result = await this.send<PublishResult>('POST', '/api/publish');
    if (!result) return;
    this.acked.portfolio = result;
    // A visitor opens the page and its first images.
    const html = await this.http.send<string>('GET', result.url);
    const images = [...(html ?? '').matchAll(/src="([^"]+\.webp)"/g)].map((m) => new URL(m[1], result.url).href);
    await Promise.all(images.slice(0, 3).map((url) => this.http.send('GET', url)));
  }

  private async draft() {
    const drafts = [...this.acked.drafts.keys()];
    const postId = drafts.length && (drafts.length >= MAX_DRAFTS || Math.random() < 0.6) ? pick(drafts) : undefined;
    const content = `Studio notes ${this.label} ${++this.drafted}`;
    const body: SavePost = {
      ...(postId ? { postId } : {}),
      content,
      accounts: [{ platform: 'bluesky', handle: this.handle }],
      // Half are planned on the calendar, days ahead (never due while the load runs).
      dateScheduled: Math.random() < 0.5 ? Date.now() + (2 + Math.floor(Math.random() * 20)) * DAY : null,
      hashtags: HASHTAGS,
    };
    const saved = await this.send<{ postId: string }>('POST', '/api/social-media/post', { json: body });
    if (saved) this.acked.drafts.set(saved.postId, content);
  }

  private calendar() {
    const from = Date.now() - 7 * DAY;
    return this.send('GET', `/api/social-media/post?from=${from}&to=${from + 35 * DAY}`);
  }

  private async postNow() {
    const drafts = [...this.acked.drafts];
    if (!drafts.length) return this.draft();
    const [postId, content] = pick(drafts);
    if (await this.send<SocialPost>('POST', `/api/social-media/post/${postId}/publish`)) {
      this.acked.drafts.delete(postId);
      this.acked.posted.set(postId, content);
    }
  }

  /**
   * Reads back every acknowledged write (outside the timed load): each artwork with its last saved title and every
   * confirmed image, deleted ones gone, one journal entry per create and per edit, each draft with its last text,
   * each post published, the portfolio where it was published. Answers how many were checked and what is missing.
   */
  async readBack(http: Recorder): Promise<{ checked: number; lost: string[] }> {
    const get = <T>(path: string) => http.send<T>('GET', path, { token: this.token });
    const lost: string[] = [];
    let checked = 0;
    const expect = (ok: boolean, what: string) => {
      checked += 1;
      if (!ok) lost.push(what);
    };
    const { acked } = this;
    const page = await get<ArtworkPage>(`/api/artwork?pageSize=100&sort=createdAt`);
    const titles = new Map((page?.items ?? []).map((a) => [a.artworkId, a.title]));
    for (const [id, { title, media }] of acked.artworks) {
      expect(titles.get(id) === title, `artwork ${id}: '${titles.get(id) ?? 'missing'}' instead of '${title}'`);
      if (!media.size) continue;
      const listed = new Set((await get<{ items: MediaItem[] }>(`/api/artwork/${id}/media`))?.items.map((m) => m.mediaId));
      for (const mediaId of media) expect(listed.has(mediaId), `image ${mediaId} of artwork ${id}`);
    }
    for (const id of acked.deleted) expect(!titles.has(id), `deleted artwork ${id} is still listed`);

    for (const [type, expected] of [
      ['artwork.new', acked.created],
      ['artwork.updated', acked.edits],
    ] as const) {
      let found = 0;
      let cursor: string | null = null;
      do {
        const journal: { items: JournalEntry[]; nextCursor: string | null } | null = await get(
          `/api/journal?type=${type}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        found += journal?.items.length ?? 0;
        cursor = journal?.nextCursor ?? null;
      } while (cursor);
      expect(found === expected, `${expected} ${type} journal entries acknowledged, ${found} listed`);
    }

    const posts = new Map(((await get<SocialPost[]>('/api/social-media/post')) ?? []).map((p) => [p.postId, p]));
    for (const [id, content] of acked.drafts) expect(posts.get(id)?.content === content && posts.get(id)?.isDraft === true, `draft ${id}`);
    for (const [id, content] of acked.posted)
      expect(posts.get(id)?.content === content && posts.get(id)?.isDraft === false, `published post ${id}`);

    if (acked.portfolio) {
      const last = await get<{ url: string }>('/api/publish');
      expect(
        last?.url === acked.portfolio.url && (await http.send('GET', acked.portfolio.url)) !== null,
        `portfolio at ${acked.portfolio.url}`,
      );
    }
    return { checked, lost };
  }
}
