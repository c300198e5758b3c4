import { html } from '../html/html';
import type { SiteArtwork } from '../publish/snapshot';
import { isWebUrl } from './text';

type Post = SiteArtwork['posts'][number];

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };

function post(p: Post) {
  const label = `${p.platform} · ${p.handle.startsWith('@') ? p.handle : `@${p.handle}`}`;
  const when = new Date(p.postedAt);
  const date =
    !Number.isNaN(when.getTime()) && html` <time datetime="${when.toISOString()}">${when.toLocaleDateString('en-US', DATE)}</time>`;
  const link = isWebUrl(p.url) ? html`<a href="${p.url}" rel="noopener">${label}</a>` : label;
  return html`<li>${link}${date}</li>`;
}

/** Where the work was posted, newest first, each linking to the post; nothing when it never was. */
export const artworkPosts = (a: SiteArtwork) =>
  a.posts.length > 0 &&
  html`<section aria-labelledby="posted">
<h2 id="posted">Where it was posted</h2>
<ul class="posts">${a.posts.map(post)}</ul>
</section>`;
