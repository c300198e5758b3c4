import type { AppDeps } from '../context';
import { renderInquiryForm } from './inquiry.form';
import { INQUIRY_ROUTE, inquiryPath, inquirySiteRoutes } from './inquiry.routes';
import { createSiteHandler, type Site } from './site.handler';

/**
 * An artist's whole public site, for both mounts (/p/<slug> and a verified custom domain's root): the pages, read
 * from the live snapshot, and each artwork's inquiry form, whose post and answer are its own (never cached) pages.
 * `client` is the visitor's address as the app sees it (behind TRUST_PROXY, the forwarded one), for the form's limits.
 */
export function createPublicSite(deps: AppDeps) {
  const pages = createSiteHandler(deps, { inquiryHtml: (site, artwork) => renderInquiryForm({ action: inquiryPath(site, artwork.id) }) });
  const inquiries = inquirySiteRoutes(deps);
  return (site: Site, request: Request, client: string): Promise<Response> =>
    INQUIRY_ROUTE.test(new URL(request.url).pathname) ? Promise.resolve(inquiries.fetch(request, { site, client })) : pages(site, request);
}
export type PublicSite = ReturnType<typeof createPublicSite>;
