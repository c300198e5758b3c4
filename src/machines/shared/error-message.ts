import { MESSAGES } from '../../schemas/messages';

/** What a screen shows for a failed call: the thrown message (services throw readable ones), or 'An error occurred.'. */
export const messageOf = (error: unknown): string => (error instanceof Error && error.message) || MESSAGES.anErrorOccurred;
