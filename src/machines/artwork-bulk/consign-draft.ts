import { CONSIGNMENT_MESSAGES } from '../../schemas/consignment.schema';
import type { Contact } from '../../schemas/contact.schema';
import { startTerms, type ConsignTerms } from '../consignments/consign-terms';
import { failureFieldErrors, failureMessage } from '../shared/failure';

/** The Consign... dialog: the artist's galleries, the terms as typed, and what the server said of them. */
export interface ConsignDraft {
  galleries: Contact[];
  terms: ConsignTerms;
  /** A gallery added from the dialog when there is none yet. */
  galleryName: string;
  /** Messages under the fields (the server's). */
  fieldErrors: Record<string, string>;
  /** Why it failed (a 409's reason), above the form. */
  error: string | null;
}

/** The dialog as it opens: terms from today, no gallery chosen. */
export const newDraft = (): ConsignDraft => ({ galleries: [], terms: startTerms(), galleryName: '', fieldErrors: {}, error: null });

/** The server's field messages where the dialog shows them: a chosen work's (artworkIds.2) above the form. */
export function refused(draft: ConsignDraft, error: unknown): ConsignDraft {
  const fields = failureFieldErrors(error);
  const works = Object.keys(fields).some((path) => path.startsWith('artworkIds'));
  return {
    ...draft,
    fieldErrors: Object.fromEntries(Object.entries(fields).map(([path, message]) => [path === 'name' ? 'galleryName' : path, message])),
    error: works ? CONSIGNMENT_MESSAGES.editionChosen : failureMessage(error),
  };
}
