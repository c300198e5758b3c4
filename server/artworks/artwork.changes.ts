import type { z } from 'zod/mini';
import type { artworkInputSchema, artworkUpdateSchema } from '../../src/schemas/artwork.schema';
import { ARTWORK_FIELDS, type ArtworkInputField } from '../../src/schemas/artwork-fields';
import { type ArtworkRow, sameDimensions } from './artwork.dto';

/** A validated artwork input, dimensions normalized. */
export type ArtworkValues = z.output<typeof artworkInputSchema>;
/** A validated replacement: saleStatus may be left out. */
export type ArtworkUpdateValues = z.output<typeof artworkUpdateSchema>;

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * The input fields whose value a replacement changes, for the journal's 'artwork.updated' entry. The sale status is
 * not one of them: a change of it goes through the artwork's chart, which writes its own entry.
 */
export function changedFields(before: ArtworkRow, after: ArtworkUpdateValues): ArtworkInputField[] {
  return ARTWORK_FIELDS.filter((field) => {
    switch (field) {
      case 'tags':
        return !sameTags(before.tags, after.tags);
      case 'dimensions':
        return !sameDimensions(before.dimensions, after.dimensions);
      case 'saleStatus':
        return false;
      case 'year':
        return (before.year ?? null) !== (after.year ?? null);
      case 'showOnSite':
        // Left out: the choice stays as it was.
        return after.showOnSite !== undefined && before.showOnSite !== after.showOnSite;
      case 'inventoryNumber':
        return after.inventoryNumber !== undefined && before.inventoryNumber !== after.inventoryNumber;
      default:
        return before[field] !== after[field];
    }
  });
}
