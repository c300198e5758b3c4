import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/browser';
import { dbLabel, testDatabaseConfig } from '../support/test-db';

/** A real server process gets SIGTERM with a request half-received: it finishes that request and exits 0. */
describe(`draining on SIGTERM (${dbLabel()})`, () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server && !(await Promise.race([server.exited.then(() => true), Promise.resolve(false)]))) await server.stop();
  });

  it('stops taking connections, lets the request in flight finish with Connection: close, then exits 0', async () => {
    const database = await testDatabaseConfig();
    server = await startServer({
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      JWT_SECRET: 'drain-secret-drain-secret-drain-secret!',
      SOCIAL_SECRET_KEY: 'drain-social-drain-social-drain-social!',
      SHUTDOWN_GRACE_SECONDS: '20',
    });
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
