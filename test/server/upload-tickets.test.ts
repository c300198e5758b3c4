import type { Server } from 'node:http';
import net from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createArtwork, makeJpeg, pathOf, requestTicket, storedFiles } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A body without Content-Length: `total` bytes in chunks of `chunk`, counting what the server pulled. */
function countedBody(total: number, chunk: number) {
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      const n = Math.min(chunk, total - pulled.bytes);
      const buf = Buffer.alloc(n, 0x2a);
      if (pulled.bytes === 0) PNG_HEAD.copy(buf);
      pulled.bytes += n;
      controller.enqueue(buf);
    },
  });
  return { body, pulled };
}

describe(`uploads held to their ticket (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let artworkId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    artworkId = (await createArtwork(t, token)).artworkId;
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const ticketFor = async (type: string, size: number) => {
    const res = await requestTicket(t, token, artworkId, { name: 'f', type, size });
    expect(res.status).toBe(200);
    return (await res.json()) as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
  };
  const complete = (uploadId: string) => t.request(`/api/uploads/${uploadId}/complete`, { method: 'POST', token });

  it('refuses bytes beyond the declared size as they arrive (413) and keeps nothing', async () => {
    const before = await storedFiles(t);
    const ticket = await ticketFor('image/png', 90);
    const { body, pulled } = countedBody(300_000, 10_000);
    const res = await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'File exceeds the maximum size of 90 bytes' });
    // Refused on the first chunk past 90 bytes, not after the whole body.
    expect(pulled.bytes).toBeLessThan(100_000);
    expect(await storedFiles(t)).toEqual(before);
    expect((await complete(ticket.uploadId)).status).toBe(409);

    // An announced length over the ticket is refused before any byte is read.
    const announced = await ticketFor('image/png', 90);
    const res2 = await t.request(pathOf(announced.uploadUrl), {
      method: 'PUT',
      headers: { ...announced.headers, 'Content-Length': '300000' },
      body: new Uint8Array(300_000),
    });
    expect(res2.status).toBe(413);
    expect(res2.headers.get('connection')).toBe('close');
    expect(await storedFiles(t)).toEqual(before);
  });

  it('takes one upload per address: a second PUT answers 410, before and after completion', async () => {
    const jpeg = await makeJpeg(64, 64);
    const ticket = await ticketFor('image/jpeg', jpeg.length);
    const put = () => t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(jpeg) });
    expect((await put()).status).toBe(200);
    const again = await put();
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ message: 'This upload link has been used already. Ask for a new one.' });
    expect((await complete(ticket.uploadId)).status).toBe(200);
    const filesAfter = await storedFiles(t);
    expect((await put()).status).toBe(410);
    expect(await storedFiles(t)).toEqual(filesAfter);
  });

  it('answers 410 once the link has expired', async () => {
    const jpeg = await makeJpeg(32, 32);
    const ticket = await ticketFor('image/jpeg', jpeg.length);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const res = await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(jpeg) });
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ message: 'This upload link has expired. Ask for a new one.' });
  });

  it('the API document describes the upload address and its answers', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const put = doc.paths['/uploads/local/{token}']?.put;
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '410', '413', '415', '507']));
    expect(doc.paths['/uploads/{uploadId}/complete'].post.responses['507']).toBeDefined();
  });

  describe('over a real connection', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      const app = buildApp(t.deps);
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
          port = info.port;
          resolve();
        }) as Server;
      });
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /**
     * A keep-alive client that writes its whole body whatever the server says, as browsers and most HTTP libraries
     * do, and reads the answer after. Answers what it read and the first socket error, if any.
     */
    function sendOversized(path: string, headers: Record<string, string>, total: number) {
      return new Promise<{ response: string; error?: string; closedByServer: boolean }>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let response = '';
        let error: string | undefined;
        let closedByServer = false;
        socket.on('data', (d) => (response += d.toString('latin1')));
        socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
        socket.on('end', () => (closedByServer = true));
        socket.on('close', () => resolve({ response, error, closedByServer }));
        socket.on('connect', async () => {
          const head = Object.entries({ ...headers, Host: `127.0.0.1:${port}`, Connection: 'keep-alive', 'Content-Length': String(total) })
            .map(([k, v]) => `${k}: ${v}\r\n`)
            .join('');
          socket.write(`PUT ${path} HTTP/1.1\r\n${head}\r\n`);
          const chunk = Buffer.alloc(64 * 1024, 0x2a);
          PNG_HEAD.copy(chunk);
          for (let sent = 0; sent < total && !socket.destroyed; sent += chunk.length) {
            // Slow enough that the answer arrives long before the body is done.
            if (!socket.write(chunk.subarray(0, Math.min(chunk.length, total - sent)))) await new Promise((r) => socket.once('drain', r));
            if (sent % (512 * 1024) === 0) await new Promise((r) => setTimeout(r, 20));
          }
          // Done sending: a client that read "Connection: close" closes its side.
          if (!socket.destroyed) socket.end();
        });
      });
    }

    it('after a 413 it says Connection: close and reads the rest of the body, so the client reads the 413', async () => {
      const ticket = await ticketFor('image/png', 1000);
      const { response, error, closedByServer } = await sendOversized(pathOf(ticket.uploadUrl), ticket.headers, 3 * 1024 * 1024);
      expect(error).toBeUndefined();
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      expect(response).toContain('File exceeds the maximum size of 1000 bytes');
      expect(closedByServer).toBe(true);
    });
  });
});
