import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/browser';
import { dbLabel, testDatabaseConfig } from '../support/test-db';

/** A real server process gets SIGTERM with a request half-received: it finishes that request and exits 0. */
describe(`draining on SIGTERM (${dbLabel()})`, () => {
  let server: RunningServer | undefined;
  // Every server started, stopped or not: stop() ends one still running and removes each one's data directory (a copy
  // of the database, 40 MB on PGlite), which a server that exited by itself leaves behind.
  const started: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
  });
  const start = async () => {
    const database = await testDatabaseConfig();
    const running = await startServer({
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      JWT_SECRET: 'drain-secret-drain-secret-drain-secret!',
      SOCIAL_SECRET_KEY: 'drain-social-drain-social-drain-social!',
      SHUTDOWN_GRACE_SECONDS: '20',
    });
    started.push(running);
    return running;
  };

  /** A raw keep-alive connection that asks for /api/health/live and keeps what comes back. */
  const keepAliveConnection = (url: string) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    const ended = new Promise<{ how: string; at: number }>((resolve) => {
      socket.on('error', (err: NodeJS.ErrnoException) => resolve({ how: err.code ?? String(err), at: performance.now() }));
      socket.on('close', () => resolve({ how: 'closed', at: performance.now() }));
    });
    const answers = () => received.split('HTTP/1.1 ').length - 1;
    return {
      ended,
      answers,
      received: () => received,
      ask: async () => {
        const before = answers();
        socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        while (answers() === before || !received.slice(received.lastIndexOf('HTTP/1.1 ')).includes('\r\n\r\n')) {
          if (socket.destroyed) return;
          await new Promise((r) => setTimeout(r, 20));
        }
      },
    };
  };

  it('an idle keep-alive connection carries one more request, answered with Connection: close, instead of a reset', async () => {
    server = await start();
    const connection = keepAliveConnection(server.url);
    await connection.ask();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(connection.received().toLowerCase()).toContain('connection: keep-alive');

    // The connection is idle when the signal arrives; the client sends on it a moment later.
    process.kill(server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await connection.ask();
    expect((await connection.ended).how).toBe('closed');
    expect(connection.answers()).toBe(2);
    const second = connection.received().slice(connection.received().lastIndexOf('HTTP/1.1 '));
    expect(second).toMatch(/^HTTP\/1\.1 200/);
    expect(second.toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
  });

  it('an idle keep-alive connection that sends nothing more closes after its keep-alive timeout, and the server exits 0', async () => {
    server = await start();
    const connection = keepAliveConnection(server.url);
    await connection.ask();
    const signalled = performance.now();
    process.kill(server.pid, 'SIGTERM');
    // Node's keep-alive timeout (5 s, announced to the client) ends it, well within the grace period.
    expect((await connection.ended).at - signalled).toBeLessThan(10_000);
    expect(await server.exited).toBe(0);
  });

  it('stops taking connections, lets the request in flight finish with Connection: close, then exits 0', async () => {
    server = await start();
    const origin = new URL(server.url);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    // The request starts: headers and half its body are on their way when the signal arrives.
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: origin.port,
          method: 'POST',
          path: '/api/auth/sign-in',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        resolve,
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(server.pid, 'SIGTERM');

    // The port closes at once: a proxy sends the next request to another instance.
    const refused = await new Promise<string>((resolve) => {
      const attempt = () =>
        http
          .get({ host: '127.0.0.1', port: origin.port, path: '/api/health/live', agent: false }, (res) => {
            res.resume();
            setTimeout(attempt, 50);
          })
          // A connection caught in the closing moment is reset; the next one must find the port closed.
          .on('error', (err: NodeJS.ErrnoException) =>
            err.code === 'ECONNRESET' ? setTimeout(attempt, 50) : resolve(err.code ?? String(err)),
          );
      attempt();
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(await Promise.race([server.exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('running'), 200))])).toBe(
      'running',
    );

    // The request in flight is answered in full, and told to close its connection.
    const res = await answered;
    res.resume();
    expect(res.statusCode).toBe(401);
    expect(res.headers.connection).toBe('close');
    expect(await server.exited).toBe(0);
    expect(server.log()).toContain('requests drained');
  });
});
