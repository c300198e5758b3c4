import { INQUIRY_MESSAGE_MAX, INQUIRY_NAME_MAX, INQUIRY_TRAP_FIELD, type InquiryField } from '../../src/schemas/inquiry.schema';
import { type Html, html } from '../html/html';

/*
 * The inquiry form of an artwork's public page, as HTML with no script (the public site's policy allows none).
 * Its class names, for the page's stylesheet:
 *   .inquiry          the form, or the confirmation that replaces it
 *   .inquiry-intro    the sentence above the fields (who reads the message)
 *   .inquiry-alert    a message about the whole form (too many messages, nothing found), role="alert"
 *   .inquiry-field    one label, its control and its message
 *   .inquiry-label    a field's label
 *   .inquiry-control  an input or the textarea; [aria-invalid="true"] when its value was refused
 *   .inquiry-error    the message under a refused field (the control's aria-describedby)
 *   .inquiry-trap     the honeypot: MUST be visually hidden (INQUIRY_STYLE does it); people never fill it, robots do
 *   .inquiry-submit   the Send button
 *   .inquiry-sent     the confirmation once sent (role="status")
 * INQUIRY_STYLE is the least the page must include in its own <style> (so its CSP hash covers it): it hides the trap.
 */

export const INQUIRY_STYLE = `.inquiry-trap{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0}`;

export interface InquiryValues {
  name: string;
  email: string;
  message: string;
}

/** A message per refused field, and `form` for one about the whole form. */
export type InquiryErrors = Partial<Record<InquiryField | 'form', string>>;

export interface InquiryFormProps {
  /** Where the form posts: <site>/artworks/<artworkId>/inquiry. */
  action: string;
  /** The artist's name as published ('' when they have none). */
  artist?: string;
  /** What the buyer typed, kept when the form comes back with a message. */
  values?: Partial<InquiryValues>;
  errors?: InquiryErrors;
  /** The message was sent: the confirmation replaces the form. `email` is the buyer's, when known. */
  sent?: { email?: string } | boolean;
}

export const EMPTY_INQUIRY: InquiryValues = { name: '', email: '', message: '' };

const FIELDS: Array<{ name: InquiryField; label: string; control: (attrs: Html, value: string) => Html }> = [
  {
    name: 'name',
    label: 'Your name',
    control: (attrs, value) => html`<input${attrs} type="text" autocomplete="name" maxlength="${INQUIRY_NAME_MAX}" value="${value}">`,
  },
  {
    name: 'email',
    label: 'Your e-mail address',
    control: (attrs, value) => html`<input${attrs} type="email" autocomplete="email" spellcheck="false" maxlength="254" value="${value}">`,
  },
  {
    name: 'message',
    label: 'Message',
    // A newline right after <textarea> is dropped by the parser, so a message that starts with one keeps it.
    control: (attrs, value) => html`<textarea${attrs} rows="6" maxlength="${INQUIRY_MESSAGE_MAX}">
${value}</textarea>`,
  },
];

/** The confirmation that replaces the form once the message was sent. */
function confirmation(artist: string, sent: { email?: string } | true) {
  const email = sent !== true && sent.email ? sent.email : '';
  const answer = email ? `They will answer at ${email}.` : 'They will answer you by e-mail.';
  return html`<div class="inquiry inquiry-sent" role="status"><p><strong>Thank you — your message was sent to ${artist}.</strong> ${answer}</p></div>`;
}

/** A message about the whole form, or instead of it (nothing found, a request that was not the form's). */
export const inquiryAlert = (message: string) => html`<p class="inquiry-alert" role="alert">${message}</p>`;

/** The honeypot: hidden from sight and from assistive tech, and out of the tab order; only a robot fills it in. */
const trap = html`<div class="inquiry-trap" aria-hidden="true"><label for="inquiry-${INQUIRY_TRAP_FIELD}">Leave this field empty</label><input id="inquiry-${INQUIRY_TRAP_FIELD}" name="${INQUIRY_TRAP_FIELD}" type="text" tabindex="-1" autocomplete="off" value=""></div>`;

/** The form (with what was typed and each refused field's message), or the confirmation once it was sent. */
export function renderInquiryForm({ action, artist = '', values = {}, errors = {}, sent }: InquiryFormProps): Html {
  const who = artist.trim() || 'the artist';
  if (sent) return confirmation(who, sent);
  // Without a script, focus goes to the first refused field when the page comes back.
  const firstRefused = FIELDS.find((f) => errors[f.name])?.name;
  const fields = FIELDS.map(({ name, label, control }) => {
    const id = `inquiry-${name}`;
    const error = errors[name];
    const refused = error && html` aria-invalid="true" aria-describedby="${id}-error"`;
    const attrs = html` id="${id}" name="${name}" class="inquiry-control" required${refused}${name === firstRefused && html` autofocus`}`;
    const message = error && html`<p class="inquiry-error" id="${id}-error">${error}</p>`;
    return html`<div class="inquiry-field"><label class="inquiry-label" for="${id}">${label}</label>${control(attrs, values[name] ?? '')}${message}</div>`;
  });
  const intro = html`<p class="inquiry-intro">Your message goes to ${who} by e-mail, with your address so they can answer you.</p>`;
  return html`<form class="inquiry" method="post" action="${action}" accept-charset="utf-8">${intro}${errors.form && inquiryAlert(errors.form)}${fields}${trap}<button class="inquiry-submit" type="submit">Send message</button></form>`;
}
