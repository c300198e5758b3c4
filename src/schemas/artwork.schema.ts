import * as z from 'zod/mini';
import { MEDIA_TYPES, mediaTypeLabel, mediaTypeSchema, type MediaType } from './media-type.schema';
import { text } from './text.schema';
import { labelsRule } from './post-labels.schema';

export const SALE_STATUSES = ['AVAILABLE', 'SOLD', 'NOT_FOR_SALE'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { AVAILABLE: 'Available', SOLD: 'Sold', NOT_FOR_SALE: 'Not For Sale' };
/** Available green, Sold red, Not For Sale grey; anything else shows 'Unknown'. */
export const saleStatusLabel = (status: string) => SALE_STATUS_LABELS[status as SaleStatus] ?? 'Unknown';

export const MEASUREMENT_SYSTEMS = ['imperial', 'metric'] as const;
export type MeasurementSystem = (typeof MEASUREMENT_SYSTEMS)[number];
export const DEFAULT_MEASUREMENT_SYSTEM: MeasurementSystem = 'imperial';

export const PHYSICAL_TYPES: readonly MediaType[] = ['PHYSICAL_2D', 'PHYSICAL_3D'];
export const isPhysical = (type: MediaType) => PHYSICAL_TYPES.includes(type);

type DimensionField = 'height' | 'width' | 'depth' | 'durationInSeconds';
const FIELD_LABELS: Record<DimensionField, string> = { height: 'Height', width: 'Width', depth: 'Depth', durationInSeconds: 'Duration' };

/** Which dimensions each media type has: 2D height and width; 3D also depth; video also duration; audio duration only. */
export const DIMENSIONS_BY_TYPE: Record<MediaType, readonly DimensionField[]> = {
  PHYSICAL_2D: ['height', 'width'],
  DIGITAL_2D: ['height', 'width'],
  PHYSICAL_3D: ['height', 'width', 'depth'],
  DIGITAL_3D: ['height', 'width', 'depth'],
  VIDEO: ['height', 'width', 'durationInSeconds'],
  AUDIO: ['durationInSeconds'],
};

/**
 * The dimensions read from the work's own file and never typed: a digital picture's pixels (its primary image), a
 * video's size and length, a sound's length. Until the file is added they are simply not known.
 */
export const MEASURED_BY_TYPE: Record<MediaType, readonly DimensionField[]> = {
  PHYSICAL_2D: [],
  DIGITAL_2D: ['height', 'width'],
  PHYSICAL_3D: [],
  DIGITAL_3D: [],
  VIDEO: ['height', 'width', 'durationInSeconds'],
  AUDIO: ['durationInSeconds'],
};
export const isMeasured = (type: MediaType, field: DimensionField) => MEASURED_BY_TYPE[type].includes(field);

/** The unit label of a length: cm or in for physical types, px for digital ones. */
export const lengthUnit = (type: MediaType, system?: MeasurementSystem) => (isPhysical(type) ? (system === 'metric' ? 'cm' : 'in') : 'px');

const optionalNumber = z.optional(z.nullable(z.number({ error: 'Must be a number' })));

/**
 * Dimensions as stored: a work made from a dropped file may lack the lengths the artist has yet to type (a painting's
 * photo says nothing of its size), so the answer is not held to the input's rules.
 */
export const storedDimensionsSchema = z.object({
  mediaType: mediaTypeSchema,
  measurementSystem: z.optional(z.nullable(z.enum(MEASUREMENT_SYSTEMS, { error: 'Measurement system must be imperial or metric' }))),
  height: optionalNumber,
  width: optionalNumber,
  depth: optionalNumber,
  durationInSeconds: optionalNumber,
});

export const dimensionsSchema = storedDimensionsSchema.check(
  z.superRefine((d, ctx) => {
    if (!(MEDIA_TYPES as readonly string[]).includes(d.mediaType)) return;
    const wanted = DIMENSIONS_BY_TYPE[d.mediaType];
    // The required messages name the type as the artist reads it: 'for Physical 2D artwork'.
    const type = mediaTypeLabel(d.mediaType);
    for (const field of Object.keys(FIELD_LABELS) as DimensionField[]) {
      const value = d[field];
      const present = value !== undefined && value !== null;
      if (wanted.includes(field) && isMeasured(d.mediaType, field)) {
        // Read from the file: unknown until it is added, and then a positive number.
        if (present && !(value > 0))
          ctx.issues.push({
            code: 'custom',
            path: [field],
            input: value,
            message: `${FIELD_LABELS[field]} must be positive for ${type} artwork`,
          });
      } else if (wanted.includes(field) && (!present || !(value > 0))) {
        ctx.issues.push({
          code: 'custom',
          path: [field],
          input: value,
          message: `${FIELD_LABELS[field]} is required and must be positive for ${type} artwork`,
        });
      } else if (!wanted.includes(field) && present) {
        ctx.issues.push({
          code: 'custom',
          path: [field],
          input: value,
          message: `${FIELD_LABELS[field]} should not be present for ${type} artwork`,
        });
      }
    }
    const hasSystem = d.measurementSystem !== undefined && d.measurementSystem !== null;
    if (isPhysical(d.mediaType) && !hasSystem) {
      ctx.issues.push({
        code: 'custom',
        path: ['measurementSystem'],
        input: d.measurementSystem,
        message: `Measurement system is required for ${type} artwork`,
      });
    } else if (!isPhysical(d.mediaType) && hasSystem) {
      ctx.issues.push({
        code: 'custom',
        path: ['measurementSystem'],
        input: d.measurementSystem,
        message: `Measurement system should not be present for ${type} artwork`,
      });
    }
  }),
);
export type Dimensions = z.infer<typeof dimensionsSchema>;

const currentYear = () => new Date().getFullYear();
export const MIN_YEAR = 1000;

const yearNumber = z.number({ error: 'Year must be an integer' }).check(
  z.int({ error: 'Year must be an integer' }),
  z.gte(MIN_YEAR, { error: 'Year must be a valid year (min 1000)' }),
  z.refine((y) => y <= currentYear(), { error: "Year can't exceed the current year" }),
);

export const titleField = text('Title', [z.trim(), z.maxLength(255, { error: 'Title must be at most 255 characters' })]);
const mediumField = text('Medium', [z.trim(), z.maxLength(100, { error: 'Medium must be at most 100 characters' })]);
/** The artist's own catalogue number ('2024-017'), as the CSV import and export carry it. */
export const INVENTORY_NUMBER_MAX = 50;
const inventoryNumberField = text('Inventory number', [
  z.trim(),
  z.maxLength(INVENTORY_NUMBER_MAX, { error: `Inventory number must be at most ${INVENTORY_NUMBER_MAX} characters` }),
]);
const descriptionField = text('Description', [z.maxLength(5000, { error: 'Description must be at most 5000 characters' })]);
export const tagField = text('Tags', [z.trim(), z.minLength(1), z.maxLength(50, { error: 'Each tag must be at most 50 characters' })]);

/**
 * Why a work is or is not on the public site: the artist chose, or (no choice yet) it has a picture, it has none, or
 * it sits only in private collections.
 */
export const SHOW_ON_SITE_REASONS = ['chosen', 'hasPicture', 'noPicture', 'onlyPrivateCollections'] as const;
export type ShowOnSiteReason = (typeof SHOW_ON_SITE_REASONS)[number];

/** What the API takes to create or replace an artwork. */
const sameMediaType = z.refine<{ mediaType: MediaType; dimensions: { mediaType: MediaType } }>(
  (a) => a.mediaType === a.dimensions.mediaType,
  {
    error: "Dimensions must be given for the artwork's media type",
    path: ['dimensions', 'mediaType'],
  },
);

const saleStatusField = z.enum(SALE_STATUSES, { error: 'Sale status must be AVAILABLE, SOLD or NOT_FOR_SALE' });

const artworkInputFields = {
  title: titleField,
  year: z.optional(z.nullable(yearNumber)),
  medium: z._default(mediumField, ''),
  description: z._default(descriptionField, ''),
  tags: z._default(z.array(tagField).check(z.maxLength(50, { error: 'At most 50 tags' })), []),
  saleStatus: saleStatusField,
  mediaType: mediaTypeSchema,
  dimensions: dimensionsSchema,
  /** The content labels a post sharing it starts with (Share); left out, none (or, on a replace, none). */
  postLabels: z._default(labelsRule, []),
  /** Show it on the public site or not; left out, the choice stays as it was (none yet: shown when it has a picture). */
  showOnSite: z.optional(z.boolean({ error: 'Show on site must be true or false' })),
  /** The artist's catalogue number; left out, it stays as it was (none on a new work). */
  inventoryNumber: z.optional(inventoryNumberField),
};

/** What the API takes to create an artwork. SOLD creates it sold: a sale to an unknown buyer is recorded. */
export const artworkInputSchema = z.object(artworkInputFields).check(sameMediaType);

/**
 * What the API takes to replace an artwork. saleStatus may be left out (unchanged); given, it goes through the
 * artwork's chart: AVAILABLE and NOT_FOR_SALE as the chart allows, SOLD only by recording a sale (409).
 */
export const artworkUpdateSchema = z.object({ ...artworkInputFields, saleStatus: z.optional(saleStatusField) }).check(sameMediaType);
export type ArtworkUpdate = z.input<typeof artworkUpdateSchema>;
export type ArtworkInput = z.input<typeof artworkInputSchema>;

/** An artwork as the API answers it. */
export const artworkSchema = z.object({
  artworkId: z.uuid({ error: 'Artwork ID must be a valid UUID' }),
  userId: z.string(),
  title: z.string(),
  year: z.nullable(z.number()),
  medium: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  saleStatus: z.string(),
  mediaType: mediaTypeSchema,
  dimensions: storedDimensionsSchema,
  primaryImageMediaId: z.nullable(z.string()),
  /** The content labels a post sharing it starts with. */
  postLabels: z.optional(z.array(z.string())),
  /** A signed address of the primary image's list variant ('smCrop'), or null. */
  primaryImageUrl: z.nullable(z.string()),
  /** The same image uncropped ('sm', within 600 x 600): the list's 'Original' aspect shows its own shape. */
  primaryImageUncroppedUrl: z.nullable(z.string()),
  /** The primary image's own size in pixels (the list gives it, so 'Original' tiles keep their shape before loading). */
  primaryImageSize: z.optional(z.nullable(z.object({ width: z.number(), height: z.number() }))),
  /** Whether the next publish shows it on the public site, and why. */
  showOnSite: z.boolean(),
  showOnSiteWhy: z.enum(SHOW_ON_SITE_REASONS),
  /** The artist's catalogue number, '' when none (this server always answers it). */
  inventoryNumber: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Artwork = z.infer<typeof artworkSchema>;

/**
 * The form: year is typed as text and becomes an integer; dimensions keep the inputs of the current media type.
 * Converting to the API input happens in toArtworkInput.
 */
export const artworkFormSchema = z.object({
  title: titleField,
  year: text('Year', [
    z.superRefine((typed, ctx) => {
      if (typed.trim() === '') return;
      const parsed = yearNumber.safeParse(/^-?\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);
      if (!parsed.success) ctx.issues.push({ code: 'custom', input: typed, message: parsed.error.issues[0].message });
    }),
  ]),
  medium: mediumField,
  description: descriptionField,
  tags: z.array(tagField),
  saleStatus: z.enum(SALE_STATUSES, { error: 'Sale status must be AVAILABLE, SOLD or NOT_FOR_SALE' }),
  mediaType: mediaTypeSchema,
  dimensions: dimensionsSchema,
  postLabels: labelsRule,
  /** The artist's choice; left undefined while they have made none. */
  showOnSite: z.optional(z.boolean()),
  inventoryNumber: inventoryNumberField,
});
export type ArtworkForm = z.input<typeof artworkFormSchema>;

export function toArtworkInput(form: ArtworkForm): ArtworkInput {
  const year = form.year.trim() === '' ? null : Number(form.year.trim());
  const { showOnSite, ...rest } = form;
  return { ...rest, year, tags: form.tags, ...(showOnSite === undefined ? {} : { showOnSite }) };
}

/** The form of a new artwork of a media type: imperial for physical types, no dimensions yet. */
export function emptyArtworkForm(mediaType: MediaType): ArtworkForm {
  return {
    title: '',
    year: '',
    medium: '',
    description: '',
    tags: [],
    saleStatus: 'NOT_FOR_SALE',
    mediaType,
    dimensions: { mediaType, measurementSystem: isPhysical(mediaType) ? DEFAULT_MEASUREMENT_SYSTEM : undefined },
    postLabels: [],
    inventoryNumber: '',
  };
}

export function artworkToForm(a: Artwork): ArtworkForm {
  return {
    title: a.title,
    year: a.year === null ? '' : String(a.year),
    medium: a.medium,
    description: a.description,
    tags: a.tags,
    saleStatus: (SALE_STATUSES as readonly string[]).includes(a.saleStatus) ? (a.saleStatus as SaleStatus) : 'NOT_FOR_SALE',
    mediaType: a.mediaType,
    dimensions: a.dimensions,
    postLabels: a.postLabels ?? [],
    inventoryNumber: a.inventoryNumber ?? '',
    ...(a.showOnSiteWhy === 'chosen' ? { showOnSite: a.showOnSite } : {}),
  };
}

/**
 * A title made from a file's name, as an artist would have typed it: no extension, and underscores, hyphens and dots
 * read as spaces ('harbour_at-dusk.v2.JPG' -> 'harbour at dusk v2'), at most 255 characters.
 */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '');
  return base
    .replace(/[_.\-+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255)
    .trim();
}

/** Durations are typed as hours, minutes (min 0) and seconds (0 to 59) and stored as total seconds. */
export const toTotalSeconds = (h: number, m: number, s: number) => h * 3600 + m * 60 + s;
export const fromTotalSeconds = (total: number) => ({
  hours: Math.floor(total / 3600),
  minutes: Math.floor((total % 3600) / 60),
  seconds: total % 60,
});

export const ARTWORK_SORT_FIELDS = ['createdAt', 'updatedAt', 'title', 'year', 'medium', 'saleStatus'] as const;
export const ARTWORK_PAGE_SIZES = [12, 24, 48] as const;

const intFromQuery = (fallback: number, min: number, max: number, label: string) =>
  z._default(
    z.pipe(
      text(label),
      z.transform((v, ctx) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < min || n > max) {
          ctx.issues.push({ code: 'custom', input: v, message: `${label} must be a whole number from ${min} to ${max}` });
          return z.NEVER;
        }
        return n;
      }),
    ),
    fallback,
  );

/** GET /api/artwork: one page, sorted and filtered on the server. */
export const artworkListQuerySchema = z.object({
  page: intFromQuery(1, 1, 100_000, 'Page'),
  pageSize: intFromQuery(12, 1, 100, 'Page size'),
  sort: z._default(z.enum(ARTWORK_SORT_FIELDS, { error: `Sort must be one of ${ARTWORK_SORT_FIELDS.join(', ')}` }), 'createdAt'),
  order: z._default(z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }), 'desc'),
  q: z.optional(text('Search', [z.maxLength(200, { error: 'Search must be at most 200 characters' })])),
  mediaType: z.optional(mediaTypeSchema),
  saleStatus: z.optional(z.enum(SALE_STATUSES, { error: 'Sale status must be AVAILABLE, SOLD or NOT_FOR_SALE' })),
});
export type ArtworkListQuery = z.output<typeof artworkListQuerySchema>;

export const artworkPageSchema = z.object({
  items: z.array(artworkSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ArtworkPage = z.infer<typeof artworkPageSchema>;

export const ARTWORK_MESSAGES = {
  created: 'Artwork created successfully',
  updated: 'Artwork updated successfully',
  deleted: 'Artwork deleted successfully',
  mediaUploaded: 'Media file uploaded successfully',
  /** Files dropped or chosen together: one toast once they are all up (each failure still says why). */
  mediaUploadedMany: (n: number) => `${n} media files uploaded successfully`,
  primaryUpdated: 'Primary media updated successfully',
  mediaDeleted: 'Media deleted successfully',
  fetchAllFailed: 'Failed to fetch artworks',
  fetchFailed: 'Failed to fetch artwork',
  createFailed: 'Failed to create artwork',
  updateFailed: 'Failed to update artwork',
  deleteFailed: 'Failed to delete artwork',
  setPrimaryFailed: 'Failed to set primary media',
  deleteMediaFailed: 'Failed to delete media',
  artworkIdRequired: 'Artwork ID is required',
  unknownYear: 'Unknown year',
  noMedium: 'No medium specified',
  empty: "No artworks found. Create your first artwork using the 'New Artwork' button.",
  saveToAddImages: 'Save artwork to add images',
  noPrimary: 'No primary image selected',
  confirmDeleteOne: 'Are you sure you want to delete this media?',
  confirmDeleteMany: (n: number) => `Are you sure you want to delete ${n} media items?`,
  /** Error toast titles. */
  saveFailedTitle: (action: 'create' | 'update' | 'delete', message: string) => `Failed to ${action} artwork: ${message}`,
  uploadFailedTitle: (message: string) => `Failed to upload media file: ${message}`,
  setPrimaryFailedTitle: (message: string) => `Failed to set primary media: ${message}`,
  deleteMediaFailedTitle: (message: string) => `Failed to delete media: ${message}`,
} as const;
