import type { AppDeps } from '../context';
import { PAGE_CSP, renderNotFound } from '../publish/portfolio.page';
import { publicPortfolioRoutes } from '../publish/publish.routes';
import type { SiteHandler } from './custom-host';

/**
 * A stand-in for server/site's createSiteHandler until it lands: today's one-page portfolio at `/` and its images
 * (whose addresses the page writes as /p/<slug>/images/...), answered by the /p/<slug> routes; anything else 404.
 */
export function createPublicationSite(deps: AppDeps): SiteHandler {
  const pages = publicPortfolioRoutes(deps);
  return async ({ slug }, request) => {
    const url = new URL(request.url);
    const path = url.pathname === '/' ? `/p/${slug}` : url.pathname.startsWith(`/p/${slug}/images/`) ? url.pathname : null;
    if (path && (request.method === 'GET' || request.method === 'HEAD')) {
      return pages.fetch(new Request(new URL(path, url), { method: request.method, headers: request.headers }));
    }
    return new Response(renderNotFound(), {
      status: 404,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-cache' },
    });
  };
}
