import { describe, expect, it } from 'vitest';
import { HandleUnreachable, createHandleResolver } from '../../server/social/providers/bluesky/oauth/handle-resolver';

const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const dnsError = (code: string) => Object.assign(new Error(`queryTxt ${code} _atproto.berthe.example`), { code });
/** fetch's own failure: a TypeError whose cause carries the socket's code. */
const fetchFailure = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

type Txt = () => Promise<string[][]>;
type Fetch = typeof globalThis.fetch;
const resolverWith = (resolveTxt: Txt, fetch: Fetch) => createHandleResolver({ fetch, resolveTxt });
const answer =
  (status: number, body: string): Fetch =>
  async () =>
    new Response(body, { status });
const failing =
  (err: unknown): Fetch =>
  async () =>
    Promise.reject(err);

describe('handle resolution tells "no such handle" from "nobody answered"', () => {
  it('finds the DID in the TXT record, or at the well-known address', async () => {
    await expect(resolverWith(async () => [[`did=${DID}`]], failing(fetchFailure('ECONNREFUSED'))).resolve('berthe.example')).resolves.toBe(
      DID,
    );
    await expect(
      resolverWith(async () => Promise.reject(dnsError('ENODATA')), answer(200, `${DID}\n`)).resolve('berthe.example'),
    ).resolves.toBe(DID);
  });

  it('is null (no such handle) when DNS has no record and the host answers without a DID or does not exist', async () => {
    await expect(
      resolverWith(async () => Promise.reject(dnsError('ENOTFOUND')), answer(404, 'no')).resolve('nobody.example'),
    ).resolves.toBeNull();
    await expect(
      resolverWith(async () => Promise.reject(dnsError('ENODATA')), failing(fetchFailure('ENOTFOUND'))).resolve('nobody.example'),
    ).resolves.toBeNull();
    await expect(resolverWith(async () => [['v=spf1']], answer(200, 'not a did')).resolve('nobody.example')).resolves.toBeNull();
  });

  it('throws HandleUnreachable when the DNS server or the host could not be asked and neither found a DID', async () => {
    await expect(
      resolverWith(async () => Promise.reject(dnsError('ECONNREFUSED')), failing(fetchFailure('ECONNREFUSED'))).resolve('berthe.example'),
    ).rejects.toBeInstanceOf(HandleUnreachable);
    await expect(
      resolverWith(async () => Promise.reject(dnsError('ETIMEOUT')), answer(404, '')).resolve('berthe.example'),
    ).rejects.toBeInstanceOf(HandleUnreachable);
    await expect(
      resolverWith(async () => Promise.reject(dnsError('ENOTFOUND')), failing(fetchFailure('ENETUNREACH'))).resolve('berthe.example'),
    ).rejects.toBeInstanceOf(HandleUnreachable);
  });

  it('through a resolveHandle server: its "Unable to resolve handle" is null, no answer or an error status is HandleUnreachable', async () => {
    const via = (fetch: Fetch) => createHandleResolver({ fetch, xrpcUrl: 'http://resolver.test' });
    await expect(via(answer(200, JSON.stringify({ did: DID }))).resolve('berthe.example')).resolves.toBe(DID);
    const unknown = JSON.stringify({ error: 'InvalidRequest', message: 'Unable to resolve handle' });
    await expect(via(answer(400, unknown)).resolve('nobody.example')).resolves.toBeNull();
    await expect(via(failing(fetchFailure('ECONNREFUSED'))).resolve('berthe.example')).rejects.toBeInstanceOf(HandleUnreachable);
    await expect(via(answer(502, 'Bad gateway')).resolve('berthe.example')).rejects.toBeInstanceOf(HandleUnreachable);
  });
});
