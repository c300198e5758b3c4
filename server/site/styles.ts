import { inlineScript, inlineStyle } from '../html/style';
import { INQUIRY_STYLE } from '../inquiries/inquiry.form';

/**
 * The studio's look, light: its paper, ink and ultramarine (src/theme/tokens.ts, the same contrast: text >= 5.9:1,
 * links >= 6.8:1 in both schemes), the system sans for text and the device's book serif for headings (no font
 * download). Dark follows the system. Grids are 2 columns on a phone, 3 from 600 px, 4 from 1000 px: images' `sizes`
 * (images.ts) say the same.
 */
export const SITE_STYLE = inlineStyle(
  `
:root{color-scheme:light dark;--bg:#f6f1e8;--surface:#fffcf6;--fg:#1e1a16;--muted:#5c5449;--line:#ddd3c3;--accent:#2f45a0;--ok:#2e6b34;--sold:#a8261b}
@media(prefers-color-scheme:dark){:root{--bg:#171410;--surface:#211d18;--fg:#efe8dc;--muted:#b5ab9c;--line:#3d362e;--accent:#9fb0f2;--ok:#8fcf8f;--sold:#f0948a}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
h1,h2,h3{font-family:"Iowan Old Style","Palatino Linotype",Palatino,"Book Antiqua",P052,"URW Palladio L",Georgia,ui-serif,serif;font-weight:600;line-height:1.2;letter-spacing:-.01em}
h1{font-size:clamp(2rem,6vw,2.75rem);margin:0 0 .5rem}
h2{font-size:1.5rem;margin:2.5rem 0 1rem}
a{color:var(--accent);text-underline-offset:.15em}
a:focus-visible{outline:3px solid var(--accent);outline-offset:3px;border-radius:2px}
p{margin:0 0 .75rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.wrap{max-width:1200px;margin:0 auto;padding:0 1rem}
.top{padding-top:.75rem;font-size:.95rem}
.top a{display:inline-flex;align-items:center;min-height:44px}
.intro{padding-top:2.5rem;padding-bottom:.5rem}
.lead{color:var(--muted);max-width:65ch}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:1.5rem 1rem;grid-template-columns:repeat(2,minmax(0,1fr))}
@media(min-width:600px){.grid{grid-template-columns:repeat(3,minmax(0,1fr));gap:2rem 1.5rem}}
@media(min-width:1000px){.grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
.card{display:block;color:inherit;text-decoration:none}
.mat{display:block;aspect-ratio:1;padding:7%;background:var(--surface);border:1px solid var(--line)}
.mat img{display:block;width:100%;height:100%;object-fit:contain}
.none{display:flex;align-items:center;justify-content:center;color:var(--muted);font-size:.9rem}
.card h3{font-size:1.1rem;margin:.6rem 0 .1rem;overflow-wrap:anywhere}
.card:hover h3{text-decoration:underline}
.meta{display:block;color:var(--muted);font-size:.9rem}
.work{display:grid;gap:1.5rem;padding:1.5rem 1rem 0}
@media(min-width:900px){.work{grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:3rem;align-items:start}}
.stage{margin:0;background:var(--surface);border:1px solid var(--line);padding:4%}
.stage a{display:block}
.stage img{display:block;width:100%;height:auto;max-height:80vh;object-fit:contain}
.about h1{overflow-wrap:anywhere}
.facts{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
.facts dt{color:var(--muted)}
.facts dd{margin:0}
.available{color:var(--ok);font-weight:600}
.sold{color:var(--sold);font-weight:600}
.reserved{color:var(--muted);font-weight:600}
.dot{display:inline-block;width:.6em;height:.6em;margin-right:.4em;border-radius:50%;background:currentColor}
.desc{white-space:pre-line;max-width:65ch}
.tags{list-style:none;margin:1rem 0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem}
.tags li{font-size:.85rem;padding:.1rem .55rem;border:1px solid var(--muted);border-radius:999px;color:var(--muted)}
.posts{padding-left:1.2rem}
.posts li{margin:.3rem 0}
.lightbox{display:none;position:fixed;inset:0;z-index:10;background:#100d0a;padding:3.5rem 1rem 1rem}
.lightbox:target{display:flex;align-items:center;justify-content:center}
.lightbox img{max-width:100%;max-height:100%;width:auto;height:auto;object-fit:contain}
.close{position:absolute;top:.75rem;right:1rem;color:#fff;background:#100d0a;padding:.5rem .9rem;border:1px solid #bdb3a4;border-radius:4px;text-decoration:none}
.close:focus-visible{outline-color:#fff}
.profile{display:flex;gap:1rem 1.5rem;align-items:flex-start;margin:1rem 0 0;max-width:65ch}
.avatar{flex:none;width:96px;height:96px;border-radius:50%;object-fit:cover;border:1px solid var(--line)}
.bio{white-space:pre-line}
.links{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:0 1.25rem}
.links a{display:inline-block;padding:.625rem 0;overflow-wrap:anywhere}
.handle{color:var(--muted)}
@media(max-width:520px){.profile{flex-direction:column}.avatar{width:72px;height:72px}}
.gallery{list-style:none;margin:.75rem 0 0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(4,minmax(0,1fr))}
.thumb{display:block;aspect-ratio:1;padding:6%;background:var(--surface);border:1px solid var(--line)}
.thumb img{display:block;width:100%;height:100%;object-fit:contain}
.pager{grid-column:1/-1;display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;border-top:1px solid var(--line);padding-top:1rem}
.pager a{display:flex;flex-direction:column;min-height:44px;justify-content:center;max-width:45%;overflow-wrap:anywhere}
.pager .next{margin-left:auto;text-align:right}
.dir{color:var(--muted);font-size:.85rem}
.back a{display:inline-flex;align-items:center;min-height:44px}
footer.wrap{margin-top:4rem;padding-top:1.5rem;padding-bottom:2.5rem;border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
.inquiry-field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem;max-width:36rem}
.inquiry-label{font-weight:600}
.inquiry-control{font:inherit;padding:.55rem .75rem;border:1px solid var(--muted);border-radius:6px;background:var(--surface);color:var(--fg)}
.inquiry-control:focus-visible,.inquiry-submit:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.inquiry-control[aria-invalid="true"]{border-color:var(--sold);border-width:2px}
.inquiry-error,.inquiry-alert{color:var(--sold);margin:0;font-weight:600}
.inquiry-submit{font:inherit;font-weight:600;min-height:44px;padding:.6rem 1.25rem;border:0;border-radius:6px;background:var(--accent);color:var(--bg);cursor:pointer}
.inquiry-sent{padding:1rem;border:1px solid var(--ok);color:var(--ok)}
${INQUIRY_STYLE}
`.trim(),
);

/**
 * The artwork page's one script: Esc closes the open lightbox (it follows its Close link, so focus returns to the
 * picture). The lightbox opens and closes without it.
 */
export const SITE_SCRIPT = inlineScript(
  `document.addEventListener('keydown',function(e){if(e.key!=='Escape')return;var c=document.querySelector('.lightbox:target .close');if(c){e.preventDefault();c.click()}})`,
);

/**
 * Only the page's own stylesheet, its one small script (SITE_SCRIPT) and its images; no other origins (JSON-LD is a
 * data block, which browsers never run and so never check against script-src). Forms may post back to the site only
 * (the inquiry form). connect-src 'self' lets nothing new happen, but lets Lighthouse read /robots.txt from the page,
 * as it does (with 'none' it reports the file as not valid and SEO loses 8 points).
 */
export const PAGE_CSP = `default-src 'none'; img-src 'self'; style-src ${SITE_STYLE.source}; script-src ${SITE_SCRIPT.source}; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
