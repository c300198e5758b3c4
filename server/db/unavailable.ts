/**
 * PostgreSQL error classes that mean "the database is away", not "this query is wrong": connection exceptions (08),
 * operator intervention such as a shutdown or restart (57P01-57P03) and too many connections (53300).
 */
const UNAVAILABLE_CODES = /^(08|57P0[1-3]|53300)/;
const UNAVAILABLE_NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// What node-postgres throws when a connection dies without a PostgreSQL error code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * Whether an error (or what it wraps: Drizzle wraps driver errors in `cause`) says the database cannot be reached
 * right now. Such a request is answered 503 with Retry-After, so clients and proxies try again shortly.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_NET.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // Node's AggregateError when every address of a host refused.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
