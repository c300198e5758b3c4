const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which OAuth client this server is, from APP_URL: on loopback (development, tests) a loopback client, whose client id
 * is `http://localhost?redirect_uri=…&scope=…` and needs no metadata document; on https a confidential web client with
 * private_key_jwt, whose metadata and keys Bluesky servers fetch from APP_URL. Anything else cannot use OAuth.
 */
export function oauthModeOf(appUrl: string): 'loopback' | 'confidential' | 'unavailable' {
  const url = new URL(appUrl);
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return 'loopback';
  return url.protocol === 'https:' ? 'confidential' : 'unavailable';
}
