import { renderDocument } from '../html/document';
import { html } from '../html/html';
import { inlineStyle } from '../html/style';

/** The refusal's own words: the callback page says why nothing was connected (docs/security.md). */
export const OTHER_BROWSER_TITLE = 'This sign-in was started in another browser';

// Contrast of at least 7:1 in both schemes.
const STYLE = inlineStyle(
  `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#fafafa}
main{max-width:40rem;margin:0 auto;padding:3rem 1rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
a{color:#1d3a8a;font-weight:600}
@media (prefers-color-scheme:dark){body{color:#f2f2f2;background:#121212}a{color:#a9c1ff}}
`.trim(),
);

/** A page of its own: no script, its one stylesheet, nothing may frame it. */
export const otherBrowserPage = {
  csp: `default-src 'none'; style-src ${STYLE.source}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  render: (appUrl: string) =>
    renderDocument({
      noindex: true,
      colorScheme: true,
      style: STYLE,
      head: html`<title>${OTHER_BROWSER_TITLE} · Artist Studio</title>`,
      body: html`<main>
<h1>${OTHER_BROWSER_TITLE}</h1>
<p>Nothing was connected. An account is connected only in the browser where its sign-in began, so that a link someone sends you cannot connect your account to their studio.</p>
<p>To connect your account, sign in to Artist Studio in this browser and connect it from Social media, Accounts.</p>
<p><a href="${appUrl}/social-media/accounts">Open Artist Studio</a></p>
</main>`,
    }),
};
