import { artworkFormSchema, type ArtworkForm, type MeasurementSystem, type SaleStatus } from '../../schemas/artwork.schema';
import { validate, type FieldErrors, type Values } from '../shared/form';

export type LengthField = 'dimensions.height' | 'dimensions.width' | 'dimensions.depth';
export type ArtworkField =
  | 'title'
  | 'year'
  | 'medium'
  | 'description'
  | 'tags'
  | 'saleStatus'
  | 'dimensions.measurementSystem'
  | LengthField
  | 'dimensions.durationInSeconds';

/** One change of the artwork form; number inputs left empty send null. */
export type ArtworkFieldChange =
  | { field: 'title' | 'year' | 'medium' | 'description'; value: string }
  | { field: 'tags'; value: string[] }
  | { field: 'saleStatus'; value: SaleStatus }
  | { field: 'dimensions.measurementSystem'; value: MeasurementSystem }
  | { field: LengthField | 'dimensions.durationInSeconds'; value: number | null };

/** The artwork form inside the editor machine: nested values, messages keyed by dotted path ('dimensions.height'). */
export interface ArtworkFormState {
  values: ArtworkForm;
  errors: FieldErrors;
  touched: Partial<Record<ArtworkField, boolean>>;
  submitted: boolean;
}

const check = (values: ArtworkForm) => validate(artworkFormSchema, values as unknown as Values);

export const startArtworkForm = (values: ArtworkForm): ArtworkFormState => ({ values, errors: check(values), touched: {}, submitted: false });

function apply(values: ArtworkForm, { field, value }: ArtworkFieldChange): ArtworkForm {
  if (field.startsWith('dimensions.')) {
    return { ...values, dimensions: { ...values.dimensions, [field.slice('dimensions.'.length)]: value } };
  }
  return { ...values, [field]: value };
}

/** Applies one change and re-validates the whole form. */
export const changeArtworkField = (form: ArtworkFormState, change: ArtworkFieldChange): ArtworkFormState => {
  const values = apply(form.values, change);
  return { ...form, values, errors: check(values), touched: { ...form.touched, [change.field]: true } };
};

/** A submit attempt: every message shows from now on. */
export const submitArtworkForm = (form: ArtworkFormState): ArtworkFormState => ({ ...form, errors: check(form.values), submitted: true });

export const isArtworkFormValid = (form: ArtworkFormState) => Object.keys(check(form.values)).length === 0;

/** Messages the server gave for fields replace the local ones and show at once. */
export const withServerErrors = (form: ArtworkFormState, errors: FieldErrors): ArtworkFormState =>
  Object.keys(errors).length ? { ...form, errors: { ...form.errors, ...errors }, submitted: true } : form;

/** The message to show under a field now: tags report the first tag's message. */
export function visibleArtworkError(form: ArtworkFormState, field: ArtworkField): string | undefined {
  if (!form.submitted && !form.touched[field]) return undefined;
  if (form.errors[field]) return form.errors[field];
  if (field === 'tags') return Object.entries(form.errors).find(([key]) => key.startsWith('tags.'))?.[1];
  return undefined;
}

/** Every message shown now, by field: what the view renders under the inputs. */
export const visibleArtworkErrors = (form: ArtworkFormState) =>
  Object.fromEntries(
    (Object.keys(form.errors).map((key) => (key.startsWith('tags.') ? 'tags' : key)) as ArtworkField[])
      .map((field) => [field, visibleArtworkError(form, field)] as const)
      .filter(([, message]) => message !== undefined),
  ) as Partial<Record<ArtworkField, string>>;
