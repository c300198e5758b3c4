import { fuzzOperations, operationsOf } from '../test/support/fuzz';
import { signedInUser, startServer, type Suite } from './support';

/**
 * The security suite's hostile input (test/support/fuzz.ts) against the compiled server over HTTP: every operation
 * of /api/openapi.json, every body field, query and path parameter. Counts what was sent and every 5xx seen.
 */
export const fuzzSuite: Suite = {
  title: 'Hostile input on every API operation',
  async run() {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    try {
      const doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
      const operations = operationsOf(doc);
      let n = 0;
      const signUp = () => signedInUser(server, `fuzz-${Date.now()}-${n++}@example.com`);
      let user = await signUp();
      const created = await fetch(`${server.url}/api/artwork`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
        body: JSON.stringify({
          title: 'Target',
          saleStatus: 'SOLD',
          mediaType: 'DIGITAL_2D',
          dimensions: { mediaType: 'DIGITAL_2D', height: 1, width: 1 },
        }),
      });
      const { id } = (await created.json()) as { id: string };
      const byClass = new Map<string, number>();
      const started = performance.now();
      const { sent, failures } = await fuzzOperations(operations, {
        ids: { id },
        token: async () => user.idToken,
        async beforeOperation() {
          const me = await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${user.idToken}` } });
          await me.arrayBuffer();
          if (me.status === 401) user = await signUp();
        },
        async send(req) {
          const headers: Record<string, string> = {};
          if (req.token) headers.authorization = `Bearer ${req.token}`;
          if (req.body !== undefined) headers['content-type'] = 'application/json';
          const res = await fetch(server.url + req.path, {
            method: req.method,
            headers,
            ...(req.body !== undefined ? { body: req.body } : {}),
          });
          await res.arrayBuffer();
          const cls = `${String(res.status)[0]}xx`;
          byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
          return res.status;
        },
      });
      const seconds = (performance.now() - started) / 1000;
      const classes = [...byClass]
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      return [
        {
          name: 'Answers of 5xx to hostile input',
          budget: '0',
          measured:
            `${failures.length} of ${sent} requests over ${operations.length} operations (${classes}) in ${seconds.toFixed(0)} s` +
            (failures.length
              ? `: ${failures
                  .slice(0, 5)
                  .map((f) => `${f.operation} ${f.where}=${f.value} -> ${f.status}`)
                  .join('; ')}`
              : ''),
          pass: failures.length === 0 && sent > 0,
          method:
            'The compiled server on PGlite; every operation of /api/openapi.json, each body position, query and path parameter in turn given NUL, lone surrogates, 100k characters, RTL override, wrong types, negative, huge, 1e999 and NaN numbers (test/support/fuzz.ts), over HTTP.',
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
