import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { MAX_FILE_BYTES } from '../../src/schemas/upload.schema';

/** How long, and how much, the server keeps reading a refused body before it closes the connection. */
export const LINGER = { ms: 5000, bytes: MAX_FILE_BYTES };

const lingering = Symbol('lingering');
type LingeringSocket = Socket & { [lingering]?: true };

const hasBody = (incoming: IncomingMessage) =>
  incoming.headers['transfer-encoding'] !== undefined || Number(incoming.headers['content-length'] ?? 0) > 0;

/**
 * Closes the connection after the answer the way nginx's lingering close does: the answer and a FIN go out, then what
 * the client is still sending is read and dropped until it stops, for at most LINGER. Closing at once would make the
 * kernel answer the client's next bytes with a reset, and a client still writing its body would see EPIPE instead
 * of the answer waiting for it.
 */
export function lingerAfterAnswer(incoming: IncomingMessage, limits = LINGER) {
  const socket = incoming.socket as LingeringSocket | null;
  if (!socket || socket.destroyed || socket[lingering]) return;
  socket[lingering] = true;
  // Node's server ends a connection answered with "Connection: close" through destroySoon: ending it lingers instead.
  socket.destroySoon = function lingerThenClose(this: Socket) {
    if (this.destroyed) return;
    if (this.writable) this.end();
    const readBefore = this.bytesRead;
    const close = () => {
      clearTimeout(timer);
      clearInterval(watch);
      this.destroy();
    };
    const timer = setTimeout(close, limits.ms);
    const watch = setInterval(() => this.bytesRead - readBefore > limits.bytes && close(), 100);
    timer.unref();
    watch.unref();
    this.once('end', close);
    this.once('close', close);
    // Drop the rest of the body: a reader that gave up may still hold the stream paused.
    incoming.removeAllListeners('readable');
    incoming.on('data', () => {});
    incoming.resume();
  };
}

/**
 * An answer given while the request's body is still unread (a route that takes none, a refusal before the body was
 * read: 401, 404, 413, a refused upload) closes the connection, lingering: it says `Connection: close` and reads the
 * rest for a bounded time. Keeping the connection would promise keep-alive, and the body left in it would either
 * hold the next request back or, past what the adapter drains, end in a reset of the client's next request on it.
 */
export const lingerOnUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || !hasBody(incoming)) return;
  c.res.headers.set('Connection', 'close');
  lingerAfterAnswer(incoming);
};
