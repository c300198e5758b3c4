import dgram from 'node:dgram';

/** How the responder answers a name it has no records for, or every name. */
export type DnsMode = 'answer' | 'silent' | 'servfail';

/**
 * A tiny authoritative DNS server over UDP on 127.0.0.1 that answers TXT questions from a map: the records set for a
 * name, NXDOMAIN for a name it does not know, no answer at all in 'silent' mode (a timeout) and SERVFAIL in
 * 'servfail' mode. Enough for node:dns's Resolver (c-ares) pointed at it with setServers(['127.0.0.1:<port>']).
 */
export async function startDnsResponder() {
  const records = new Map<string, string[]>();
  const asked: string[] = [];
  let mode: DnsMode = 'answer';
  const socket = dgram.createSocket('udp4');

  socket.on('message', (query, peer) => {
    const parsed = parseQuestion(query);
    if (!parsed) return;
    asked.push(parsed.name);
    if (mode === 'silent') return;
    const values = mode === 'servfail' ? undefined : parsed.type === TXT ? records.get(parsed.name.toLowerCase()) : [];
    const rcode = mode === 'servfail' ? 2 : values === undefined && !records.has(parsed.name.toLowerCase()) ? 3 : 0;
    socket.send(answer(query, parsed.end, rcode, rcode === 0 ? (values ?? []) : []), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();

  return {
    /** For DNS_SERVERS. */
    server: `127.0.0.1:${port}`,
    port,
    /** The names asked for, in order. */
    asked,
    /** Puts TXT values at a name (replacing any). */
    setTxt(name: string, values: string[]) {
      records.set(name.toLowerCase(), values);
    },
    clear() {
      records.clear();
    },
    setMode(next: DnsMode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

export type DnsResponder = Awaited<ReturnType<typeof startDnsResponder>>;

const TXT = 16;

/** The question's name and type, and where the question section ends. */
function parseQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const length = msg[at];
    labels.push(msg.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > msg.length) return null;
  return { name: labels.join('.'), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

/** A response to `query` (its header and question copied) with `values` as TXT answers. */
function answer(query: Buffer, questionEnd: number, rcode: number, values: string[]): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  const recursionDesired = query[2] & 0x01;
  header[2] = 0x84 | recursionDesired; // QR, authoritative
  header[3] = 0x80 | rcode; // recursion available
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  const answers = values.map((value) => {
    const chunks: Buffer[] = [];
    const bytes = Buffer.from(value, 'utf8');
    for (let i = 0; i < bytes.length || i === 0; i += 255) {
      const part = bytes.subarray(i, i + 255);
      chunks.push(Buffer.from([part.length]), part);
    }
    const rdata = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(TXT, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(0, 6); // TTL: never cached
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}
