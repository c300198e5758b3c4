import { html } from '../html/html';
import type { Mail } from './mailer';

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): Mail {
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: html`<p>${intro}</p><p><a href="${link}">${action}</a></p><p style="color:#555">${outro}</p>`.toString(),
  };
}

export const verifyEmailMail = (to: string, link: string) =>
  linkMail(
    to,
    'Verify your email address',
    'Welcome to Artist Studio. Please confirm that this address is yours.',
    'Verify email address',
    link,
    'The link works for 48 hours. If you did not ask for this, ignore this message.',
  );

export const changeEmailMail = (to: string, link: string) =>
  linkMail(
    to,
    'Confirm your new email address',
    'You asked to use this address for your Artist Studio account.',
    'Confirm new address',
    link,
    'Until you confirm, your account keeps its current address. The link works for 48 hours.',
  );

export const resetPasswordMail = (to: string, link: string) =>
  linkMail(
    to,
    'Reset your password',
    'Someone asked to reset the password of your Artist Studio account.',
    'Choose a new password',
    link,
    'The link works for one hour. If it was not you, ignore this message: your password stays as it is.',
  );

export const accountExistsMail = (to: string, link: string) =>
  linkMail(
    to,
    'You already have an account',
    'Someone tried to create an Artist Studio account with this address, which already has one.',
    'Reset your password',
    link,
    'If it was you, sign in or reset your password. Otherwise, ignore this message.',
  );

export const accountDeletedMail = (to: string): Mail => {
  const lines = [
    'Your Artist Studio account was deleted, as you asked.',
    'Your profile, artworks, files, journal, posts and scheduled posts are gone, your public portfolio is offline, and the saved logins of your Bluesky accounts were removed.',
    'If you did not ask for this, reply to this message at once.',
  ];
  return {
    to,
    subject: 'Your Artist Studio account was deleted',
    text: `${lines.join('\n\n')}\n`,
    html: html`${lines.map((l) => html`<p>${l}</p>`)}`.toString(),
  };
};

export const addressInUseMail = (to: string, link: string) =>
  linkMail(
    to,
    'Your address is already in use',
    'Someone asked to move another Artist Studio account to this address, which already has an account. Nothing was changed.',
    'Reset your password',
    link,
    'If it was you, sign in with this address or reset your password. Otherwise, ignore this message.',
  );

/** What an inquiry's mail tells: the buyer wrote about an artwork. */
export interface InquiryMailContent {
  artworkTitle: string;
  name: string;
  email: string;
  message: string;
}

/** A buyer's message to the artist: answering the mail answers the buyer (Reply-To), and the app keeps every one. */
export const inquiryMail = (to: string, q: InquiryMailContent, link: string): Mail => {
  // A header is one line, whatever the title holds.
  const title = q.artworkTitle.replace(/\s+/g, ' ').trim() || 'Untitled';
  const intro = `${q.name} (${q.email}) wrote about “${title}” from your public portfolio:`;
  const outro = `Reply to this message to answer ${q.name}: your answer goes to ${q.email}.`;
  return {
    to,
    subject: `New inquiry about ${title}`,
    replyTo: { name: q.name, address: q.email },
    link,
    text: `${intro}\n\n${q.message}\n\n${outro}\n\nAll your inquiries: ${link}\n`,
    html: html`<p>${intro}</p><blockquote style="white-space:pre-wrap;margin:1em 0;padding-left:1em;border-left:3px solid #999">${q.message}</blockquote><p>${outro}</p><p><a href="${link}">All your inquiries</a></p>`.toString(),
  };
};

/** What a failed post's mail tells: which post, on which account, and why. */
export interface PostFailedContent {
  handle: string;
  excerpt: string;
  reason: string;
}

/** A scheduled post that failed for good: the artist hears it, with the reason, and a link to the post to try again. */
export const postFailedMail = (to: string, p: PostFailedContent, link: string): Mail =>
  linkMail(
    to,
    `A scheduled post to @${p.handle} was not published`,
    `Your scheduled post “${p.excerpt}” could not be published to Bluesky as @${p.handle}. ${p.reason}`,
    'Open the post',
    link,
    'The post is kept with its text and images: press Post on it to try again.',
  );
