import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/** IPv6 forms of loopback and the cloud metadata address (169.254.169.254) that a text check of the host misses. */
export const DISGUISED_PRIVATE_HOSTS = [
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::127.0.0.1]',
  '[64:ff9b::7f00:1]',
  '[::ffff:a9fe:a9fe]',
];

/** Every way of writing a private address in a URL that tests try: the disguised ones, numeric IPv4 spellings, plain ones. */
export const PRIVATE_HOSTS = [...DISGUISED_PRIVATE_HOSTS, '2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.0.0.1', '[::1]', 'localhost'];

/** A TCP listener that only counts the connections it is offered (and hangs up on them). */
export async function countingListener(host = '127.0.0.1', port = 0) {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An HTTP server on the given address (127.0.0.2 plays a public server in tests) that counts its connections. */
export async function httpServer(host: string, handler: http.RequestListener, port = 0) {
  let connections = 0;
  const server = http.createServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Servers that keep a request open without ever finishing it: each writes what it writes every 100 ms. Counts the
 * connections that carried a request and are still open, so a test sees that the studio hung up, not only that it
 * stopped waiting.
 */
export async function hostileServer(kind: 'trickle' | 'headers-forever' | 'silent') {
  const all = new Set<net.Socket>();
  // The connections that carried a request: undici may open a spare one to the origin after a socket closes.
  const open = new Set<net.Socket>();
  let requests = 0;
  const server = net.createServer((socket) => {
    all.add(socket);
    socket.on('close', () => {
      all.delete(socket);
      open.delete(socket);
    });
    socket.on('error', () => undefined);
    socket.once('data', () => {
      requests++;
      open.add(socket);
      if (kind === 'silent') return;
      if (kind === 'trickle') socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\n\r\n');
      else socket.write('HTTP/1.1 200 OK\r\n');
      const drip = setInterval(() => {
        if (socket.destroyed) return clearInterval(drip);
        socket.write(kind === 'trickle' ? '1\r\na\r\n' : 'x-still-coming: yes\r\n');
      }, 100);
      socket.on('close', () => clearInterval(drip));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get open() {
      return open.size;
    },
    /** Requests received (one per connection: none is ever answered). */
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of all) s.destroy();
        server.close(() => resolve());
      }),
  };
}
