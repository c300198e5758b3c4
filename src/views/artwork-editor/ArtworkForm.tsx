import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import {
  selectArtwork,
  selectArtworkId,
  selectForm,
  selectIsBusy,
  selectIsSaving,
  selectMedia,
} from '../../machines/artwork-editor/artwork-editor.selectors';
import { selectItems } from '../../machines/artwork-media/artwork-media.selectors';
import { measuredFromMedia } from '../../schemas/measured';
import type { ArtworkEditorRef } from '../../machines/artwork-editor/artwork-editor.machine';
import type { ArtworkField, ArtworkFieldChange } from '../../machines/artwork-editor/artwork-editor.form';
import { visibleError } from '../../machines/shared/form';
import { SALE_STATUSES, SALE_STATUS_LABELS } from '../../schemas/artwork.schema';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { TagsField } from '../ui/tags-input';
import { TextareaField } from '../ui/textarea-field';
import { DimensionFields } from './DimensionFields';
import { ShowOnSiteField } from './ShowOnSiteField';
import { LabelsPicker } from '../post-editor/LabelsPicker';

const SALE_OPTIONS = SALE_STATUSES.map((value) => ({ value, label: SALE_STATUS_LABELS[value] }));

/** The artwork's fields; every change is re-validated by the machine, which shows a field's message once it was changed. */
export function ArtworkForm({ editor }: { editor: ArtworkEditorRef }) {
  const form = useSelector(editor, selectForm);
  const busy = useSelector(editor, selectIsBusy);
  const saving = useSelector(editor, selectIsSaving);
  const saved = useSelector(editor, selectArtworkId) !== null;
  const artwork = useSelector(editor, selectArtwork);
  // The sizes read from the work's file, as the server stores them: shown, never typed.
  const media = useSelector(editor, selectMedia);
  const items = useSelector(media, (m) => (m ? selectItems(m) : undefined));
  const { values } = form;
  const measured = useMemo(() => measuredFromMedia(values.mediaType, items ?? []), [values.mediaType, items]);
  const change = (c: ArtworkFieldChange) => editor.send({ type: 'form.change', ...c });
  const errorOf = (field: ArtworkField) => visibleError(form, field);
  const text = (field: 'title' | 'year' | 'medium' | 'inventoryNumber') => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    disabled: busy,
    onValueChange: (value: string) => change({ field, value }),
  });

  return (
    <form
      noValidate
      aria-label="Artwork details"
      data-submitted={form.submitted || undefined}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        editor.send({ type: 'form.submit' });
      }}
    >
      <TextField label="Title" {...text('title')} />
      <TextField label="Year" placeholder="e.g. 2024" {...text('year')} />
      <TextField label="Medium" placeholder="e.g. Oil on canvas" {...text('medium')} />
      <TextField
        label="Inventory number"
        placeholder="e.g. 2024-017"
        hint="Your own catalogue number: optional, and kept in the CSV export."
        autoComplete="off"
        {...text('inventoryNumber')}
      />
      <TextareaField
        label="Description"
        name="description"
        value={values.description}
        error={errorOf('description')}
        disabled={busy}
        onValueChange={(value) => change({ field: 'description', value })}
      />
      <TagsField
        label="Tags"
        name="tags"
        value={values.tags}
        hint="Press Enter or type a comma after each tag."
        error={errorOf('tags')}
        disabled={busy}
        onValueChange={(value) => change({ field: 'tags', value })}
      />
      {saved ? (
        // A saved work's sale status follows its life (a sale, a hold, a return): changed in the Inventory tab.
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="sale-status-note">
          Sale status: record a sale, put it on hold or mark it not for sale in the Inventory tab.
        </p>
      ) : (
        <SelectField
          label="Sale status"
          name="saleStatus"
          value={values.saleStatus}
          options={SALE_OPTIONS}
          error={errorOf('saleStatus')}
          disabled={busy}
          onValueChange={(value) => change({ field: 'saleStatus', value })}
        />
      )}
      <ShowOnSiteField
        chosen={values.showOnSite}
        artwork={artwork}
        disabled={busy}
        onChange={(value) => change({ field: 'showOnSite', value })}
      />
      <DimensionFields values={values} errorOf={errorOf} onChange={change} disabled={busy} measured={measured} />
      <LabelsPicker
        legend="Media labels when shared"
        hint="A post sharing this artwork starts with these Bluesky labels (you can change them in the post). Nudity is for figure work that is not sexual."
        name="postLabels"
        value={values.postLabels}
        error={errorOf('postLabels')}
        disabled={busy}
        onChange={(value) => change({ field: 'postLabels', value })}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {saving ? 'Saving...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
