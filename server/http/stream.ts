import { Readable } from 'node:stream';

/** A Node stream as the web ReadableStream a Response body takes. */
export const toWebStream = (body: Readable) => Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
