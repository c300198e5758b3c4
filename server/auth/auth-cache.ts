import type { User } from '../../src/schemas/user.schema';
import type { Database } from '../db/database';
import type { Logger } from '../log';

export interface AuthEntry {
  user: User;
  sessionId: string;
  /** Epoch ms after which the entry must be checked again. */
  expiresAt: number;
}

const CHANNEL = 'auth_cache';
/** Upper bound on staleness should a notification be lost (e.g. a dropped LISTEN connection). */
const MAX_AGE_MS = 60_000;

/**
 * Verified bearer tokens and the user and session they stand for, so that a protected call costs neither a
 * signature check nor a query once its token has been seen. Changes to a user or a session evict entries on
 * every server instance through NOTIFY.
 */
export class AuthCache {
  private entries = new Map<string, AuthEntry>();
  private tokensByUser = new Map<string, Set<string>>();
  private generations = new Map<string, number>();

  constructor(
    private database: Pick<Database, 'notify'>,
    private log: Logger,
    private maxEntries = 10_000,
  ) {}

  async start(database: Pick<Database, 'listen' | 'onNotificationsLost'>) {
    await database.listen(CHANNEL, (payload) => this.evictLocal(payload));
    // Evictions sent while the notification connection was down never arrived: forget everything rather than trust it.
    database.onNotificationsLost(() => this.clear());
  }

  /** Forgets every entry: each token is checked against the database again on its next use. */
  clear() {
    for (const userId of this.tokensByUser.keys()) this.generations.set(userId, this.generation(userId) + 1);
    this.entries.clear();
    this.tokensByUser.clear();
  }

  get(token: string): AuthEntry | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.drop(token, entry);
      return undefined;
    }
    return entry;
  }

  /** Read before loading the user; `set` ignores the result if the user changed meanwhile. */
  generation(userId: string) {
    return this.generations.get(userId) ?? 0;
  }

  set(token: string, entry: Omit<AuthEntry, 'expiresAt'>, tokenExpSeconds: number, generation: number) {
    if (this.generation(entry.user.userId) !== generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value!;
      this.drop(oldest, this.entries.get(oldest)!);
    }
    const expiresAt = Math.min(tokenExpSeconds * 1000, Date.now() + MAX_AGE_MS);
    this.entries.set(token, { ...entry, expiresAt });
    let tokens = this.tokensByUser.get(entry.user.userId);
    if (!tokens) this.tokensByUser.set(entry.user.userId, (tokens = new Set()));
    tokens.add(token);
  }

  /** Call after changing a user or ending any of their sessions. */
  async userChanged(userId: string) {
    this.evictLocal(userId);
    try {
      await this.database.notify(CHANNEL, userId);
    } catch (err) {
      this.log.warn({ err }, 'auth cache notification failed');
    }
  }

  private evictLocal(userId: string) {
    this.generations.set(userId, this.generation(userId) + 1);
    for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensByUser.delete(userId);
  }

  private drop(token: string, entry: AuthEntry) {
    this.entries.delete(token);
    this.tokensByUser.get(entry.user.userId)?.delete(token);
  }
}
