import { createHash } from 'node:crypto';
import { imagePath } from './publish.service';
import type { SiteArtwork, SiteSnapshot } from './snapshot';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

// Colours chosen for contrast of at least 7:1 (AAA) against their backgrounds.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#fafafa}
header,main,footer{max-width:1200px;margin:0 auto;padding:1.5rem 1rem}
header{padding-top:3rem}
h1{font-size:2.25rem;line-height:1.2;margin:0 0 .25rem}
.lead{margin:0;color:#474747}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:2rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,280px),1fr))}
article{background:#fff;border-radius:8px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.12);height:100%}
figure{margin:0;background:#ececec;aspect-ratio:4/3;display:flex;align-items:center;justify-content:center}
figure img{display:block;width:100%;height:100%;object-fit:contain}
.noimage{color:#474747;font-size:.9rem}
.body{padding:1rem 1.25rem 1.25rem}
h2{font-size:1.2rem;line-height:1.3;margin:0 0 .5rem}
.facts{margin:0;color:#474747;font-size:.95rem}
.facts p{margin:0}
.status{display:inline-block;margin-top:.5rem;padding:.1rem .6rem;border-radius:999px;font-size:.85rem;font-weight:600}
.status-available{color:#1b5e20;background:#e8f5e9}
.status-sold{color:#8e1414;background:#ffebee}
.status-other{color:#333;background:#eee}
.desc{margin:.75rem 0 0;white-space:pre-line}
.tags{list-style:none;margin:.75rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem}
.tags li{font-size:.8rem;padding:.05rem .5rem;border:1px solid #767676;border-radius:4px;color:#333}
.empty{font-size:1.1rem}
footer{color:#474747;font-size:.875rem;padding-bottom:3rem}
`.trim();

export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Only the page's own stylesheet and images: no scripts, no other origins. */
export const PAGE_CSP = `default-src 'none'; img-src 'self'; style-src ${PAGE_STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const statusClass = (label: string) => (label === 'Available' ? 'status-available' : label === 'Sold' ? 'status-sold' : 'status-other');

function document(title: string, body: string, description?: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${description ? `<meta name="description" content="${escapeHtml(description)}">\n` : ''}<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function card(slug: string, version: number, a: SiteArtwork, index: number) {
  // This page shows one size (the largest); the site's pages (server/site/) give every size to srcset.
  const image = a.image?.files.at(-1);
  const title = a.title.trim() || 'Untitled';
  const id = `artwork-${index + 1}`;
  const alt = [title, a.medium.trim()].filter(Boolean).join(', ');
  const facts = [[a.year === null ? '' : String(a.year), a.medium.trim()].filter(Boolean).join(' · '), a.dimensions].filter(Boolean);
  return `<li><article aria-labelledby="${id}">
<figure>${
    image
      ? `<img src="${escapeHtml(imagePath(slug, version, image.file))}" alt="${escapeHtml(alt)}" width="${image.width}" height="${image.height}" loading="${index < 6 ? 'eager' : 'lazy'}" decoding="async">`
      : `<span class="noimage">No image</span>`
  }</figure>
<div class="body">
<h2 id="${id}">${escapeHtml(title)}</h2>
<div class="facts">${facts.map((f) => `<p>${escapeHtml(f)}</p>`).join('')}</div>
<span class="status ${statusClass(a.saleStatus)}">${escapeHtml(a.saleStatus)}</span>
${a.description.trim() ? `<p class="desc">${escapeHtml(a.description.trim())}</p>\n` : ''}${
    a.tags.length ? `<ul class="tags" aria-label="Tags">${a.tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>\n` : ''
  }</div>
</article></li>`;
}

/** The public portfolio page: self-contained HTML (inline style, no script), every value escaped. */
export function renderPortfolio(slug: string, snapshot: SiteSnapshot, publishedAt: Date): string {
  const artist = snapshot.artist.trim();
  const heading = artist || 'Portfolio';
  const count = snapshot.artworks.length;
  const countText = `${count} ${count === 1 ? 'artwork' : 'artworks'}`;
  const date = publishedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const list = count
    ? `<ul class="grid">\n${snapshot.artworks.map((a, i) => card(slug, snapshot.version, a, i)).join('\n')}\n</ul>`
    : `<p class="empty">No artworks yet.</p>`;
  return document(
    artist ? `${artist} – Portfolio` : 'Portfolio',
    `<header>
<h1>${escapeHtml(heading)}</h1>
<p class="lead">${artist ? 'Portfolio · ' : ''}${countText}</p>
</header>
<main>
${list}
</main>
<footer><p>Published <time datetime="${publishedAt.toISOString()}">${date}</time></p></footer>`,
    artist ? `Portfolio of ${artist}: ${countText}` : `Portfolio: ${countText}`,
  );
}

export function renderNotFound(): string {
  return document(
    'Portfolio not found',
    `<main>
<h1>Portfolio not found</h1>
<p>There is no published portfolio at this address. Please check the link you were given.</p>
</main>`,
  );
}
