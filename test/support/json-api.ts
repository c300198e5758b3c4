/**
 * A test's way to set the scene through the API as the signed-in artist: JSON in and out, and any answer other than
 * 2xx fails the test, naming the call. `target` is read at each call: the server and token come from a beforeAll.
 */
export const jsonApi =
  (target: () => { url: string; token: string }) =>
  async <T = unknown>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> => {
    const { url, token } = target();
    const method = init.method ?? 'GET';
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
