import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { mb, rssOf, signedInUser, startServer, type Suite } from './support';

const TARGET_BYTES = 20 * 1024 * 1024 - 64 * 1024;

/** A real image just under 20 MB: uncompressed PNG of random pixels. */
async function bigPng() {
  const side = Math.floor(Math.sqrt(TARGET_BYTES / 3.01));
  const pixels = crypto.randomBytes(side * side * 3);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** Resident memory of the server while a 20 MB avatar goes through the signed upload URL. */
export const avatarUploadSuite: Suite = {
  title: '20 MB avatar upload',
  async run() {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    try {
      const { idToken } = await signedInUser(server);
      const file = await bigPng();
      const auth = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
      const ticket = await (
        await fetch(`${server.url}/api/user/avatar`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ fileName: 'big.png', fileType: 'image/png', fileSizeInBytes: file.length }),
        })
      ).json();

      global.gc?.();
      await new Promise((r) => setTimeout(r, 500));
      const before = await rssOf(server.pid);
      let peak = before;
      const sampler = setInterval(async () => {
        peak = Math.max(peak, await rssOf(server.pid).catch(() => 0));
      }, 10);
      // Stream the body in 256 KB chunks, as a browser does, so the client does not hand it over in one write.
      const chunks = Array.from({ length: Math.ceil(file.length / 262_144) }, (_, i) => file.subarray(i * 262_144, (i + 1) * 262_144));
      const started = performance.now();
      const put = await fetch(ticket.uploadUrl, {
        method: 'PUT',
        headers: { ...ticket.headers, 'content-length': String(file.length) },
        body: Readable.toWeb(Readable.from(chunks)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const putMs = performance.now() - started;
      await new Promise((r) => setTimeout(r, 100));
      clearInterval(sampler);
      if (!put.ok) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
      const growth = peak - before;

      const processed = performance.now();
      const done = await fetch(`${server.url}/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', headers: { authorization: auth.authorization } });
      if (!done.ok) throw new Error(`complete failed: ${done.status} ${await done.text()}`);
      const processMs = performance.now() - processed;

      return [
        {
          name: 'Server RSS growth while a 20 MB avatar is PUT to its signed URL',
          budget: '< 10 MB',
          measured: `${mb(growth)} (RSS ${mb(before)} -> peak ${mb(peak)}; ${mb(file.length)} in ${putMs.toFixed(0)} ms; confirming and resizing it then took ${processMs.toFixed(0)} ms)`,
          pass: growth < 10 * 1024 * 1024,
          method: 'VmRSS of the server process sampled every 10 ms from /proc during the PUT of a real PNG streamed in 256 KB chunks.',
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
