import type { SnapshotFrom } from 'xstate';
import type { Contact } from '../../schemas/contact.schema';
import type { contactsMachine, KindFilter } from './contacts.machine';

type Snapshot = SnapshotFrom<typeof contactsMachine>;

/** The contacts of a kind whose name or address holds the search (any case). */
export function visibleContacts(contacts: readonly Contact[], kind: KindFilter, search: string): Contact[] {
  const q = search.trim().toLowerCase();
  return contacts.filter((c) => (kind === 'all' || c.kind === kind) && (!q || c.name.toLowerCase().includes(q) || c.email.includes(q)));
}

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
/** The artist has no contact at all (not merely none of this kind or search). */
export const selectNoContacts = (s: Snapshot) => !s.matches('loading') && !s.matches('failed') && s.context.contacts.length === 0;
export const selectKind = (s: Snapshot) => s.context.kind;
export const selectSearch = (s: Snapshot) => s.context.search;
export const selectContacts = (s: Snapshot) => s.context.contacts;
export const selectIsCreating = (s: Snapshot) => s.matches('creating');
export const selectIsSaving = (s: Snapshot) => s.matches({ creating: 'saving' });
export const selectForm = (s: Snapshot) => s.context.form;
export const selectSaveError = (s: Snapshot) => (s.matches('creating') ? s.context.saveError : null);
