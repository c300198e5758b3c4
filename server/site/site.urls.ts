/** Where a site is mounted: /p/<slug> on the app's own address, or '' at the root of a verified custom domain. */
export interface Site {
  slug: string;
  base: string;
}

/** Every address a page links to, built from the site's base; `absolute` adds the origin for canonical and shared URLs. */
export interface SiteUrls {
  /** The artist's page: the base itself, or '/' at a domain's root. */
  home: string;
  artwork(id: string): string;
  collection(id: string): string;
  image(version: number, file: string): string;
  sitemap: string;
  icon: string;
  absolute(path: string): string;
}

export function siteUrls(base: string, origin: string): SiteUrls {
  return {
    home: base || '/',
    artwork: (id) => `${base}/artworks/${encodeURIComponent(id)}`,
    collection: (id) => `${base}/collections/${encodeURIComponent(id)}`,
    // The version is in the name, so each address always holds the same bytes.
    image: (version, file) => `${base}/images/${version}-${file}`,
    sitemap: `${base}/sitemap.xml`,
    icon: `${base}/favicon.svg`,
    absolute: (path) => `${origin}${path}`,
  };
}

/** The same request at another address (the site's own path, or the domain's https origin), its body carried along. */
export function readdressed(request: Request, url: string): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  } as RequestInit);
}
