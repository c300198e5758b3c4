import { css } from 'styled-system/css';
import type { ArtworkField, ArtworkFieldChange, LengthField } from '../../machines/artwork-editor/artwork-editor.form';
import { formatDimensions } from '../../schemas/dimensions-format';
import type { Measured } from '../../schemas/measured';
import type { MediaType } from '../../schemas/media-type.schema';
import {
  DIMENSIONS_BY_TYPE,
  MEASURED_BY_TYPE,
  fromTotalSeconds,
  isPhysical,
  lengthUnit,
  toTotalSeconds,
  type ArtworkForm,
  type MeasurementSystem,
} from '../../schemas/artwork.schema';
import { TextField } from '../ui/field';
import { Fieldset } from '../ui/fieldset';
import { SelectField } from '../ui/select-field';

const LENGTHS: ReadonlyArray<{ key: 'height' | 'width' | 'depth'; field: LengthField; label: string }> = [
  { key: 'height', field: 'dimensions.height', label: 'Height' },
  { key: 'width', field: 'dimensions.width', label: 'Width' },
  { key: 'depth', field: 'dimensions.depth', label: 'Depth' },
];

export const MEASUREMENT_OPTIONS: ReadonlyArray<{ value: MeasurementSystem; label: string }> = [
  { value: 'imperial', label: 'Imperial (inches)' },
  { value: 'metric', label: 'Metric (centimeters)' },
];

/** A number input's text as the form keeps it: empty or not a number is null. */
export const numberOrNull = (text: string): number | null => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

const wholeOrZero = (text: string) => Math.max(0, Math.trunc(Number(text) || 0));

export interface DimensionFieldsProps {
  values: ArtworkForm;
  errorOf: (field: ArtworkField) => string | undefined;
  onChange: (change: ArtworkFieldChange) => void;
  disabled: boolean;
  /** What the work's file says of the sizes read from it (its media list), when it has one. */
  measured: Measured | null;
}

export const MEASURED_TEXT = {
  label: { DIGITAL_2D: 'Pixel size', VIDEO: 'Size and length', AUDIO: 'Length' } as Partial<Record<MediaType, string>>,
  fromFile: 'read from the file',
  waiting: 'Read from the file once you add it in Media.',
} as const;

/** The sizes a digital picture, a video or a sound has: read from its file, never typed. */
function MeasuredLine({ type, dims, measured }: { type: MediaType; dims: ArtworkForm['dimensions']; measured: Measured | null }) {
  const known = { ...dims, ...measured };
  const shown = MEASURED_BY_TYPE[type].every((f) => typeof known[f] === 'number') ? formatDimensions(known) : '';
  return (
    <p className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-testid="measured">
      <span className={css({ fontWeight: 'medium', fontSize: 'sm' })}>{MEASURED_TEXT.label[type]}</span>
      {shown ? (
        <span>
          {shown}
          {/* Said only when the file is there: a work saved before sizes were read may hold typed ones. */}
          {measured ? <span className={css({ color: 'fg.muted', fontSize: 'sm' })}> ({MEASURED_TEXT.fromFile})</span> : null}
        </span>
      ) : (
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{MEASURED_TEXT.waiting}</span>
      )}
    </p>
  );
}

/** Duration as hours, minutes and seconds (0-59), kept as total seconds. */
function DurationField({
  total,
  error,
  onChange,
  disabled,
}: {
  total: number | null | undefined;
  error?: string;
  onChange: (total: number) => void;
  disabled: boolean;
}) {
  const parts = total === null || total === undefined ? null : fromTotalSeconds(total);
  const change = (part: 'hours' | 'minutes' | 'seconds', text: string) => {
    const next = { hours: parts?.hours ?? 0, minutes: parts?.minutes ?? 0, seconds: parts?.seconds ?? 0, [part]: wholeOrZero(text) };
    onChange(toTotalSeconds(next.hours, next.minutes, next.seconds));
  };
  const row = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3' });
  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={disabled}>
      <Fieldset.Legend>
        Duration
        <span aria-hidden="true" className={css({ color: 'danger', ms: '0.5' })}>
          *
        </span>
      </Fieldset.Legend>
      <div className={row}>
        <TextField
          label="Hours"
          name="durationHours"
          type="number"
          min={0}
          step={1}
          value={parts?.hours ?? ''}
          onValueChange={(t) => change('hours', t)}
          disabled={disabled}
        />
        <TextField
          label="Minutes"
          name="durationMinutes"
          type="number"
          min={0}
          step={1}
          value={parts?.minutes ?? ''}
          onValueChange={(t) => change('minutes', t)}
          disabled={disabled}
        />
        <TextField
          label="Seconds"
          name="durationSeconds"
          type="number"
          min={0}
          max={59}
          step={1}
          value={parts?.seconds ?? ''}
          onValueChange={(t) => change('seconds', t)}
          disabled={disabled}
        />
      </div>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/** The dimension inputs of the artwork's media type: lengths with their unit, duration, measurement system. */
export function DimensionFields({ values, errorOf, onChange, disabled, measured }: DimensionFieldsProps) {
  const type = values.mediaType;
  const dims = values.dimensions;
  // The typed ones; the sizes the file gives are shown, not asked for.
  const wanted = DIMENSIONS_BY_TYPE[type].filter((f) => !MEASURED_BY_TYPE[type].includes(f));
  const physical = isPhysical(type);
  const unit = lengthUnit(type, dims.measurementSystem ?? undefined);
  return (
    <section aria-labelledby="dimensions-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 id="dimensions-title" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
        Dimensions
      </h2>
      {MEASURED_BY_TYPE[type].length ? <MeasuredLine type={type} dims={dims} measured={measured} /> : null}
      {physical ? (
        <SelectField
          label="Measurement system"
          name="measurementSystem"
          required
          value={dims.measurementSystem ?? 'imperial'}
          options={MEASUREMENT_OPTIONS}
          onValueChange={(value) => onChange({ field: 'dimensions.measurementSystem', value })}
          error={errorOf('dimensions.measurementSystem')}
          disabled={disabled}
        />
      ) : null}
      {LENGTHS.some((l) => wanted.includes(l.key)) ? (
        <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: '3' })}>
          {LENGTHS.filter((l) => wanted.includes(l.key)).map((l) => (
            <TextField
              key={l.key}
              label={l.label}
              name={l.key}
              type="number"
              min={0}
              step={physical ? 0.1 : 1}
              unit={unit}
              required
              value={dims[l.key] ?? ''}
              onValueChange={(text) => onChange({ field: l.field, value: numberOrNull(text) })}
              error={errorOf(l.field)}
              disabled={disabled}
            />
          ))}
        </div>
      ) : null}
      {wanted.includes('durationInSeconds') ? (
        <DurationField
          total={dims.durationInSeconds}
          error={errorOf('dimensions.durationInSeconds')}
          onChange={(total) => onChange({ field: 'dimensions.durationInSeconds', value: total })}
          disabled={disabled}
        />
      ) : null}
    </section>
  );
}
