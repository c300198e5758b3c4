import { html } from '../html/html';

/** An artwork's or a collection's tags, or nothing when it has none. */
export const tagList = (tags: string[]) =>
  tags.length > 0 && html`<ul class="tags" aria-label="Tags">${tags.map((tag) => html`<li>${tag}</li>`)}</ul>`;
