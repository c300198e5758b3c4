import { useId } from 'react';
import { css } from 'styled-system/css';
import {
  ADULT_LABELS,
  adultLabelOf,
  LABEL_TEXTS,
  withAdultLabel,
  withGraphicMedia,
  type AdultLabel,
} from '../../schemas/post-labels.schema';
import { Fieldset } from '../ui/fieldset';

const option = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '2', alignItems: 'start' });
const hintText = css({ gridColumn: '2', color: 'fg.muted', fontSize: 'sm' });
const input = css({ mt: '1', width: '4', height: '4', accentColor: 'accent.default' });

/**
 * Bluesky's self-labels, as its own app offers them: one adult label at most (radio buttons, 'None' first) and
 * Graphic media besides, each with its one-line explanation. Shared by the post editor and the artwork editor.
 */
export function LabelsPicker({
  legend,
  hint,
  name,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  hint: string;
  /** The radio group's name: unique on the page. */
  name: string;
  value: readonly string[];
  onChange: (labels: string[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const adult = adultLabelOf(value);
  const choices: Array<{ value: AdultLabel | null; name: string; hint?: string }> = [
    { value: null, name: 'None' },
    ...ADULT_LABELS.map((l) => ({ value: l, ...LABEL_TEXTS[l] })),
  ];
  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={disabled}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Fieldset.HelperText>{hint}</Fieldset.HelperText>
      <div role="radiogroup" aria-label="Adult labels" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {choices.map((c) => {
          const inputId = `${id}-${c.value ?? 'none'}`;
          return (
            <div key={inputId} className={option}>
              <input
                id={inputId}
                type="radio"
                name={name}
                className={input}
                checked={adult === c.value}
                disabled={disabled}
                aria-describedby={c.hint ? `${inputId}-hint` : undefined}
                onChange={() => onChange(withAdultLabel(value, c.value))}
              />
              <label htmlFor={inputId}>{c.name}</label>
              {c.hint ? (
                <span id={`${inputId}-hint`} className={hintText}>
                  {c.hint}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className={option}>
        <input
          id={`${id}-graphic`}
          type="checkbox"
          className={input}
          checked={value.includes('graphic-media')}
          disabled={disabled}
          aria-describedby={`${id}-graphic-hint`}
          onChange={(e) => onChange(withGraphicMedia(value, e.currentTarget.checked))}
        />
        <label htmlFor={`${id}-graphic`}>{LABEL_TEXTS['graphic-media'].name}</label>
        <span id={`${id}-graphic-hint`} className={hintText}>
          {LABEL_TEXTS['graphic-media'].hint}
        </span>
      </div>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
