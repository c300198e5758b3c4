import { blueskyUrl, instagramUrl } from '../../src/schemas/site-profile.schema';
import { html, joinHtml } from '../html/html';
import type { SiteProfile } from '../publish/snapshot';
import type { SiteContext } from './site.context';

/**
 * What the artist says about themselves on their home: their avatar, bio or statement, and where to reach them
 * (website, email, Instagram, Bluesky). Nothing for a snapshot without any (published before they could write one).
 * A website is a link only when it is an http(s) address (the API takes no other).
 */
export function artistProfile(ctx: SiteContext, artist: string, profile: SiteProfile | undefined) {
  if (!profile) return false;
  const avatar = profile.avatar?.files[0];
  const links = [
    /^https?:\/\//i.test(profile.website) &&
      html`<li><a href="${profile.website}" rel="me noopener">${displayWebsite(profile.website)}</a></li>`,
    profile.email && html`<li><a href="${`mailto:${profile.email}`}">${profile.email}</a></li>`,
    profile.instagram &&
      html`<li><a href="${instagramUrl(profile.instagram)}" rel="me noopener">Instagram <span class="handle">@${profile.instagram}</span></a></li>`,
    profile.bluesky &&
      html`<li><a href="${blueskyUrl(profile.bluesky)}" rel="me noopener">Bluesky <span class="handle">@${profile.bluesky}</span></a></li>`,
  ].filter((l) => !!l);
  const bio = profile.bio.trim();
  if (!avatar && !bio && !links.length) return false;
  return html`<section class="profile" aria-label="${artist ? `About ${artist}` : 'About the artist'}">
${joinHtml([
  !!avatar &&
    html`<img class="avatar" src="${ctx.urls.image(ctx.snapshot.version, avatar.file)}" width="${avatar.width}" height="${avatar.height}" alt="">`,
  html`<div>${joinHtml([!!bio && html`<p class="bio">${bio}</p>`, links.length > 0 && html`<ul class="links">${joinHtml(links)}</ul>`])}</div>`,
])}
</section>`;
}

/** 'ada.art/work' for 'https://www.ada.art/work/': what a visitor reads, the link keeps the whole address. */
const displayWebsite = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
