/**
 * Hostile input for every operation of /api/openapi.json: each body field, query parameter and path parameter in
 * turn gets values an attacker or a broken client would send. Shared by the security test (in-process, both
 * databases) and the benchmark (the compiled server over HTTP), which both count the 5xx answers: there must be none.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
};

interface Operation {
  method: string;
  path: string;
  auth: boolean;
  parameters: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema }>;
  body?: JsonSchema;
}

export interface FuzzRequest {
  method: string;
  /** Starts with /api, query string included. */
  path: string;
  token?: string;
  /** JSON text, sent as application/json. */
  body?: string;
}

export interface FuzzContext {
  send(req: FuzzRequest): Promise<number>;
  /** The ID token of a signed-in artist. */
  token(): Promise<string>;
  /** Called before each operation: a chance to sign in again if an earlier one signed the artist out. */
  beforeOperation?(): Promise<void>;
  /** Real identifiers by path parameter name, so mutations of other parts reach past the 404. */
  ids: Record<string, string>;
}

export interface FuzzFailure {
  operation: string;
  where: string;
  value: string;
  status: number;
}

const LONG = 'x'.repeat(100_000);
// Raw JSON numbers JSON.stringify cannot write: 1e999 parses to Infinity, NaN is not JSON at all.
const RAW = (text: string) => `\u0001raw:${text}`;

/** Values for any JSON position: wrong types, text the database cannot store, numbers out of every range. */
export const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  LONG,
  '\u202Egnp.exe',
  '',
  '   ',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '😀'.repeat(300),
  '2024-02-30T25:61:00Z',
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  RAW('1e999'),
  RAW('-1e999'),
  RAW('NaN'),
  null,
  true,
  [],
  {},
  ['\u0000'],
  { nested: '\u0000' },
];

/** Values for a query or path parameter, as they would appear on the wire (already percent-encoded). */
export const HOSTILE_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  '%E2%80%AE',
  encodeURIComponent(LONG.slice(0, 20_000)),
  '-1',
  '0',
  '1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1%20--',
  '%3Cscript%3E',
  '',
  'true',
];

const KNOWN_STRINGS: Record<string, string> = {
  email: 'fuzz@example.com',
  password: 'Secret123',
  currentPassword: 'Secret123',
  newPassword: 'Secret456',
  fileName: 'fuzz.png',
  fileType: 'image/png',
  handle: 'fuzz.example.com',
  title: 'Fuzz',
};

function example(schema: JsonSchema, name: string, ids: Record<string, string>): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return example(choice.find((s) => s.const === undefined || s.const !== '') ?? choice[0]!, name, ids);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, example(s, k, ids)]));
    case 'array':
      return schema.items ? [example(schema.items, name, ids)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'uuid') return ids[name] ?? crypto.randomUUID();
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'email') return KNOWN_STRINGS.email;
      return KNOWN_STRINGS[name] ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

/** Every position in a JSON value: the value itself, then each property and item, depth first. */
function positions(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const children = Array.isArray(value)
    ? value.flatMap((v, i) => positions(v, [...at, i]))
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => positions(v, [...at, k]))
      : [];
  return [at, ...children];
}

function replaced(value: unknown, at: Array<string | number>, next: unknown): unknown {
  if (!at.length) return next;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, next);
  return copy;
}

const toJsonText = (value: unknown) => JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, (_, raw: string) => raw);

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : toJsonText(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json']
        ?.schema;
      return {
        method: method.toUpperCase(),
        path,
        auth: Boolean(op.security),
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        ...(body ? { body } : {}),
      };
    }),
  );
}

/** Sends every hostile variant of every operation; answers how many requests went out and which answered 5xx. */
export async function fuzzOperations(operations: Operation[], ctx: FuzzContext) {
  let sent = 0;
  const failures: FuzzFailure[] = [];
  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    await ctx.beforeOperation?.();
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, ctx.ids[p.name] ?? crypto.randomUUID()]));
    const baseBody = op.body ? example(op.body, '', ctx.ids) : undefined;

    const fire = async (where: string, value: unknown, parts: { params?: Record<string, string>; query?: string; body?: string }) => {
      const params = parts.params ?? baseParams;
      const path = '/api' + op.path.replace(/\{(\w+)\}/g, (_, k: string) => params[k]!) + (parts.query ? `?${parts.query}` : '');
      const token = op.auth ? await ctx.token() : undefined;
      const body = parts.body ?? (baseBody === undefined ? undefined : toJsonText(baseBody));
      const status = await ctx.send({ method: op.method, path, ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
      sent += 1;
      if (status >= 500) failures.push({ operation: name, where, value: show(value), status });
    };

    if (baseBody !== undefined) {
      for (const at of positions(baseBody)) {
        for (const value of HOSTILE_VALUES)
          await fire(`body${at.map((k) => `.${k}`).join('')}`, value, { body: toJsonText(replaced(baseBody, at, value)) });
      }
      for (const raw of ['', 'null', '[]', '"text"', '{', '{"a":'.repeat(5000), '\u0000']) await fire('body (raw)', raw, { body: raw });
    }
    for (const p of queryParams) {
      for (const value of HOSTILE_PARAMS) {
        await fire(`query ${p.name}`, value, { query: `${p.name}=${value}` });
        await fire(`query ${p.name} (twice)`, value, { query: `${p.name}=${value}&${p.name}=${value}` });
      }
    }
    for (const p of pathParams) {
      for (const value of HOSTILE_PARAMS.filter(Boolean))
        await fire(`path ${p.name}`, value, { params: { ...baseParams, [p.name]: value } });
    }
  }
  return { sent, failures };
}
