import crypto from 'node:crypto';
import { ERRORS, type FakeGraphError, type MediaFailure } from './graph-errors';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const SHORT_TOKEN_MS = HOUR;
export const LONG_TOKEN_MS = 60 * DAY;
export const CONTAINER_LIFE_MS = DAY;
export const CODE_LIFE_MS = HOUR;

export type TokenKind = 'ig-short' | 'ig-long' | 'fb-user-short' | 'fb-user-long' | 'fb-page';

export interface TokenRecord {
  token: string;
  kind: TokenKind;
  /** The Instagram account (user_id) or Facebook user id it speaks for. */
  owner: string;
  pageId?: string;
  scopes: string[];
  issuedAt: number;
  /** null: does not expire (a Page token made from a long-lived user token). */
  expiresAt: number | null;
}

export interface AuthCode {
  code: string;
  app: 'instagram' | 'facebook';
  owner: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface InstagramAccount {
  /** The professional account's id, above 2^53. */
  userId: string;
  /** The app-scoped id `/me` answers as `id`. */
  appScopedId: string;
  username: string;
}

export interface Container {
  id: string;
  igUserId: string;
  kind: 'IMAGE' | 'CAROUSEL_ITEM' | 'CAROUSEL' | 'REELS';
  imageUrl?: string;
  videoUrl?: string;
  caption?: string;
  altText?: string;
  children?: string[];
  createdAt: number;
  /** Processing takes until then (on the fake's clock). */
  readyAt: number;
  /** What the crawler made of the media: still fetching, fetched, or why not. */
  fetch: 'pending' | 'done' | MediaFailure;
  /** Width Instagram keeps (scaled into 320-1440). */
  storedWidth?: number;
  mediaId?: string;
}

export interface InstagramMedia {
  id: string;
  igUserId: string;
  containerId: string;
  caption: string;
  mediaType: 'IMAGE' | 'CAROUSEL_ALBUM' | 'VIDEO';
  permalink: string;
  timestamp: number;
  likes: number;
  comments: number;
}

export interface FacebookUser {
  id: string;
  name: string;
  pageIds: string[];
}

export interface FacebookPage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
}

export interface FacebookPhoto {
  id: string;
  pageId: string;
  url?: string;
  uploaded?: boolean;
  caption?: string;
  published: boolean;
  attachedTo?: string;
  width: number;
  height: number;
}

export interface FacebookPost {
  id: string;
  pageId: string;
  message?: string;
  link?: string;
  attachedMedia: string[];
  createdAt: number;
  permalink: string;
  reactions: number;
  comments: number;
}

/** Everything the fake knows, and its clock; the hosts read and change it, the tests steer it through the handle. */
export class FakeState {
  offsetMs = 0;
  readonly tokens = new Map<string, TokenRecord>();
  readonly codes = new Map<string, AuthCode>();
  /** Owners whose tokens now fail, with the failure they fail with (a revoked grant, a changed password). */
  readonly revoked = new Map<string, FakeGraphError>();
  readonly igAccounts = new Map<string, InstagramAccount>();
  readonly containers = new Map<string, Container>();
  readonly igMedia = new Map<string, InstagramMedia>();
  /** media_publish calls that took effect, per account, for the quota (times on the fake's clock). */
  readonly publishTimes = new Map<string, number[]>();
  readonly fbUsers = new Map<string, FacebookUser>();
  readonly pages = new Map<string, FacebookPage>();
  readonly photos = new Map<string, FacebookPhoto>();
  readonly posts = new Map<string, FacebookPost>();
  private seq = 0;

  now = () => Date.now() + this.offsetMs;

  /** Digits for a new object's id: `prefix` followed by a counter, the length of Meta's (17 digits, above 2^53). */
  nextId(prefix = '1788945556') {
    this.seq += 1;
    return `${prefix}${String(this.seq).padStart(17 - prefix.length, '0')}`;
  }

  issueToken(kind: TokenKind, owner: string, scopes: string[], lifeMs: number | null, pageId?: string): TokenRecord {
    const prefix = kind.startsWith('ig') ? 'IGAA' : 'EAAB';
    const record: TokenRecord = {
      token: prefix + crypto.randomBytes(24).toString('base64url'),
      kind,
      owner,
      pageId,
      scopes,
      issuedAt: this.now(),
      expiresAt: lifeMs === null ? null : this.now() + lifeMs,
    };
    this.tokens.set(record.token, record);
    return record;
  }

  /** The token's record if it is good now, else the Graph error a real call would get. */
  checkToken(token: string | undefined, kinds: TokenKind[]): TokenRecord | FakeGraphError {
    const record = token ? this.tokens.get(token) : undefined;
    if (!record || !kinds.includes(record.kind)) return ERRORS.invalidToken;
    const revoked = this.revoked.get(record.owner);
    if (revoked) return revoked;
    if (record.expiresAt !== null && record.expiresAt <= this.now()) return ERRORS.expiredToken;
    return record;
  }

  issueCode(app: AuthCode['app'], owner: string, redirectUri: string, scopes: string[]): AuthCode {
    const code: AuthCode = {
      code: crypto.randomBytes(48).toString('base64url'),
      app,
      owner,
      redirectUri,
      scopes,
      expiresAt: this.now() + CODE_LIFE_MS,
      used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  /** Takes a code once: null when unknown, used, expired or of the other app. */
  takeCode(code: string | undefined, app: AuthCode['app']): AuthCode | null {
    const found = code ? this.codes.get(code) : undefined;
    if (!found || found.used || found.app !== app || found.expiresAt <= this.now()) return null;
    found.used = true;
    return found;
  }

  /** A container's status_code now, and the failure behind an ERROR. */
  containerStatus(c: Container): { code: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED'; failure?: MediaFailure } {
    if (c.mediaId) return { code: 'PUBLISHED' };
    if (this.now() >= c.createdAt + CONTAINER_LIFE_MS) return { code: 'EXPIRED' };
    if (typeof c.fetch === 'object') return { code: 'ERROR', failure: c.fetch };
    if (c.kind === 'CAROUSEL') {
      const children = (c.children ?? []).map((id) => this.containerStatus(this.containers.get(id)!));
      const failed = children.find((s) => s.code === 'ERROR');
      if (failed) return failed;
      if (children.some((s) => s.code !== 'FINISHED')) return { code: 'IN_PROGRESS' };
    }
    if (c.fetch === 'pending' || this.now() < c.readyAt) return { code: 'IN_PROGRESS' };
    return { code: 'FINISHED' };
  }

  /** Publishes in the account's rolling 24 hours. */
  quotaUsage(igUserId: string) {
    const since = this.now() - DAY;
    return (this.publishTimes.get(igUserId) ?? []).filter((t) => t > since).length;
  }

  recordPublish(igUserId: string) {
    this.publishTimes.set(igUserId, [...(this.publishTimes.get(igUserId) ?? []), this.now()]);
  }
}

/** Graph's time format: `2017-05-04T15:17:38+0000`. */
export const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
