import { describe, expect, it } from 'vitest';
import { GraphError, GraphTransportError } from '../../server/social/providers/meta/graph-client';
import { readMetaFailure, type FailureKind } from '../../server/social/providers/meta/meta-failures';

const RAW = 'Raw developer text (#12345) fbtrace AbCdEf';
const graph = (code: number | undefined, subcode?: number, status = 400, isTransient?: boolean) =>
  new GraphError(status, code, subcode, RAW, { type: 'OAuthException', fbtraceId: 'AbCdEf', isTransient });

describe("reading Meta's failures as an artist should hear them", () => {
  const cases: Array<[string, GraphError | GraphTransportError | Error, FailureKind, string]> = [
    ['aspect ratio 36003/2207009', graph(36003, 2207009), 'permanent', 'aspect-ratio'],
    ['media fetch 9004/2207052', graph(9004, 2207052), 'temporary', 'media-fetch'],
    ['publishing limit 9/2207042', graph(9, 2207042), 'temporary', 'publishing-limit'],
    ['expired container 24/2207008', graph(24, 2207008), 'temporary', 'expired-container'],
    ['media not ready 9007/2207027', graph(9007, 2207027), 'temporary', 'not-ready'],
    ['image too large 36000/2207004', graph(36000, 2207004), 'permanent', 'image-too-large'],
    ['image format 36001/2207005', graph(36001, 2207005), 'permanent', 'image-format'],
    ['video format 352/2207026', graph(352, 2207026), 'permanent', 'video-format'],
    ['download timeout -2/2207003', graph(-2, 2207003), 'temporary', 'media-timeout'],
    ['spam 4/2207051', graph(4, 2207051), 'permanent', 'spam-suspected'],
    ['account restricted 25/2207050', graph(25, 2207050), 'reconnect', 'account-restricted'],
    ['token 190', graph(190), 'reconnect', 'token'],
    ['token 190/460 password changed', graph(190, 460), 'reconnect', 'token'],
    ['token 190/463 expired', graph(190, 463), 'reconnect', 'token'],
    ['session 102', graph(102), 'reconnect', 'token'],
    ['permission 10', graph(10, undefined, 403), 'reconnect', 'permission'],
    ['permission 200', graph(200, undefined, 403), 'reconnect', 'permission'],
    ['permission 230', graph(230), 'reconnect', 'permission'],
    ['too many calls 4', graph(4), 'temporary', 'rate-limit'],
    ['user too many calls 17', graph(17), 'temporary', 'rate-limit'],
    ['app limit 341', graph(341), 'temporary', 'rate-limit'],
    ['API unknown 1', graph(1), 'temporary', 'server'],
    ['API service 2', graph(2, undefined, 500), 'temporary', 'server'],
    ['policy block 368', graph(368), 'temporary', 'blocked-for-now'],
    ['duplicate 506', graph(506), 'permanent', 'duplicate'],
    ['link 1609005', graph(1609005), 'permanent', 'link'],
    ['object gone 100/33', graph(100, 33), 'reconnect', 'gone'],
    ['invalid parameter 100', graph(100), 'permanent', 'refused'],
    ['unknown code marked transient', graph(99999, undefined, 400, true), 'temporary', 'server'],
    ['unknown code, 503', graph(undefined, undefined, 503), 'temporary', 'server'],
    ['timeout', new GraphTransportError('timeout', RAW), 'temporary', 'timeout'],
    ['connection lost', new GraphTransportError('network', RAW), 'temporary', 'network'],
    ['an HTML 502 page', new GraphTransportError('malformed', RAW, 502), 'temporary', 'malformed'],
    ['anything else thrown', new Error(RAW), 'temporary', 'unknown'],
  ];

  for (const [name, err, kind, reason] of cases) {
    it(`${name}: ${kind}`, () => {
      for (const network of ['Instagram', 'Facebook'] as const) {
        const read = readMetaFailure(err, network);
        expect([read.kind, read.reason]).toEqual([kind, reason]);
        expect(read.message).toContain(network);
        // Nothing raw: neither Meta's own text, nor codes, ids or trace ids.
        expect(read.message).not.toMatch(/Raw developer|#\d|2207\d{3}|fbtrace|OAuthException|AbCdEf/);
        if (err instanceof GraphError && err.code !== undefined && Math.abs(err.code) >= 10)
          expect(read.message).not.toContain(String(err.code));
        expect(read.message).toMatch(/^[A-Z].*[.]$/);
        expect(read.message.split('. ').length).toBeGreaterThanOrEqual(2);
      }
    });
  }

  it('a write with no answer (timeout, reset) is ambiguous: it may have taken effect', () => {
    expect(readMetaFailure(new GraphTransportError('timeout', 'x'), 'Instagram').ambiguous).toBe(true);
    expect(readMetaFailure(new GraphTransportError('network', 'x'), 'Instagram').ambiguous).toBe(true);
    expect(readMetaFailure(graph(9007, 2207027), 'Instagram').ambiguous).toBeUndefined();
  });
});
