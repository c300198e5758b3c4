import { css } from 'styled-system/css';
import { COLLECTION_VISIBILITIES, COLLECTION_VISIBILITY_TEXT, type CollectionVisibility } from '../../schemas/collection.schema';

const option = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '2',
  alignItems: 'start',
  p: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.strong',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

/** Public, unlisted or private, each with what it means: native radios under one legend (arrow keys move between them). */
export function VisibilityField({
  value,
  disabled,
  error,
  onChange,
}: {
  value: CollectionVisibility;
  disabled: boolean;
  error?: string;
  onChange: (value: CollectionVisibility) => void;
}) {
  return (
    <fieldset
      disabled={disabled}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
      aria-invalid={error ? true : undefined}
    >
      <legend className={css({ fontWeight: 'medium', mb: '1' })}>Visibility</legend>
      {COLLECTION_VISIBILITIES.map((v) => (
        <label key={v} className={option}>
          <input
            type="radio"
            name="visibility"
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            aria-describedby={`visibility-${v}-text`}
            className={css({ mt: '1', accentColor: 'accent.default' })}
          />
          <span className={css({ fontWeight: 'medium' })}>{COLLECTION_VISIBILITY_TEXT[v].label}</span>
          <span id={`visibility-${v}-text`} className={css({ gridColumn: '2', fontSize: 'sm', color: 'fg.muted' })}>
            {COLLECTION_VISIBILITY_TEXT[v].explanation}
          </span>
        </label>
      ))}
      {error ? (
        <p data-part="error-text" className={css({ color: 'danger', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
