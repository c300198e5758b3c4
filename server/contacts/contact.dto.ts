import type { Contact } from '../../src/schemas/contact.schema';
import type { ContactRow } from './contact.repo';

export const toContactDto = (row: ContactRow): Contact => ({
  contactId: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  kind: row.kind,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
