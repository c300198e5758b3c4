import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The token of the newest link to `page` mailed to `to` by a server process writing its mail to DATA_DIR/mail. The
 * server's worker sends mail a moment after the request that recorded it, so this waits for the file.
 */
export async function mailedToken(dataDir: string, to: string, page: 'verify-email' | 'reset-password', timeoutMs = 10_000) {
  const mailDir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await fs.readdir(mailDir).catch(() => [] as string[]))
      .filter((f) => f.includes(to))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = (await fs.readFile(path.join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = raw.match(new RegExp(`${page}\\?token=([\\w-]+)`))?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${page} link in ${mailDir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * A verified account on a running server that writes its mail to DATA_DIR/mail (no SMTP_URL): created, its mailed
 * link opened through the API, then signed in. For tests whose subject is not the sign-up itself. `headers` go with
 * every request (a client address behind a trusted proxy, for runs that sign up more accounts than one client may).
 */
export async function createVerifiedAccount(
  server: { url: string; dataDir: string },
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const created = await postJson(`${server.url}/api/auth/create`, { email, password }, headers);
  if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const token = await mailedToken(server.dataDir, email, 'verify-email');
  const verified = await postJson(`${server.url}/api/auth/verify-email`, { token }, headers);
  if (!verified.ok) throw new Error(`verify failed: ${verified.status}`);
  const signedIn = await postJson(`${server.url}/api/auth/sign-in`, { email, password }, headers);
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  return (await signedIn.json()) as { idToken: string; refreshToken: string };
}
