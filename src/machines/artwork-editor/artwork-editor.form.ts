import type { ArtworkForm, MeasurementSystem, SaleStatus } from '../../schemas/artwork.schema';
import { visibleError, type FormContext } from '../shared/form';

export type LengthField = 'dimensions.height' | 'dimensions.width' | 'dimensions.depth';
export type ArtworkField =
  | 'title'
  | 'year'
  | 'medium'
  | 'inventoryNumber'
  | 'description'
  | 'tags'
  | 'saleStatus'
  | 'postLabels'
  | 'showOnSite'
  | 'dimensions.measurementSystem'
  | LengthField
  | 'dimensions.durationInSeconds';

/** One change of the artwork form; number inputs left empty send null. */
export type ArtworkFieldChange =
  | { field: 'title' | 'year' | 'medium' | 'inventoryNumber' | 'description'; value: string }
  | { field: 'tags' | 'postLabels'; value: string[] }
  | { field: 'saleStatus'; value: SaleStatus }
  | { field: 'showOnSite'; value: boolean }
  | { field: 'dimensions.measurementSystem'; value: MeasurementSystem }
  | { field: LengthField | 'dimensions.durationInSeconds'; value: number | null };

/** The artwork form inside the editor machine: nested values, messages keyed by dotted path ('dimensions.height'). */
export type ArtworkFormState = FormContext<ArtworkForm>;

/** Every message shown now, by field (a tag's message under 'tags'): what the view renders under the inputs. */
export const visibleArtworkErrors = (form: ArtworkFormState) =>
  Object.fromEntries(
    (Object.keys(form.errors).map((key) => (key.startsWith('tags.') ? 'tags' : key)) as ArtworkField[])
      .map((field) => [field, visibleError(form, field)] as const)
      .filter(([, message]) => message !== undefined),
  ) as Partial<Record<ArtworkField, string>>;
