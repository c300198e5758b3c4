import type { ShowOnSiteReason } from '../../src/schemas/artwork.schema';

// The rule as SQL (shownOnSiteSql, onlyInPrivateSql) lives in show-on-site.repo.ts.
export { onlyInPrivateSql, shownOnSiteSql } from './show-on-site.repo';

/** The same rule for one artwork read with `onlyInPrivate` (the DTO's showOnSite and why). */
export function showOnSiteOf(
  row: { showOnSite: boolean | null; primaryImageMediaId: string | null },
  onlyInPrivate: boolean,
): { showOnSite: boolean; showOnSiteWhy: ShowOnSiteReason } {
  if (row.showOnSite !== null) return { showOnSite: row.showOnSite, showOnSiteWhy: 'chosen' };
  if (!row.primaryImageMediaId) return { showOnSite: false, showOnSiteWhy: 'noPicture' };
  if (onlyInPrivate) return { showOnSite: false, showOnSiteWhy: 'onlyPrivateCollections' };
  return { showOnSite: true, showOnSiteWhy: 'hasPicture' };
}
