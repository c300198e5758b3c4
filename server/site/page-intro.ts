import { type Html, html, joinHtml } from '../html/html';

/** The top of the artist's and a collection's page: the heading, a line under it, then what else introduces it. */
export function pageIntro(heading: string, lead: string, more: Array<Html | false> = []): Html {
  return html`<div class="intro">\n${joinHtml([html`<h1>${heading}</h1>`, html`<p class="lead">${lead}</p>`, ...more])}\n</div>`;
}
