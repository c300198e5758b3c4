import type { FormEvent, KeyboardEvent } from 'react';
import { Field as ArkField } from '@ark-ui/react/field';
import { TagsInput as ArkTagsInput, useTagsInputContext } from '@ark-ui/react/tags-input';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { field } from 'styled-system/recipes/field';
import { tagsInput } from 'styled-system/recipes/tags-input';

const tags = createStyleContext(tagsInput);
const fieldStyle = createStyleContext(field);

export const TagsInput = {
  Root: tags.withProvider(ArkTagsInput.Root, 'root'),
  Label: tags.withContext(ArkTagsInput.Label, 'label'),
  Control: tags.withContext(ArkTagsInput.Control, 'control'),
  Input: tags.withContext(ArkTagsInput.Input, 'input'),
  Item: tags.withContext(ArkTagsInput.Item, 'item'),
  ItemPreview: tags.withContext(ArkTagsInput.ItemPreview, 'itemPreview'),
  ItemText: tags.withContext(ArkTagsInput.ItemText, 'itemText'),
  ItemInput: tags.withContext(ArkTagsInput.ItemInput, 'itemInput'),
  ItemDeleteTrigger: tags.withContext(ArkTagsInput.ItemDeleteTrigger, 'itemDeleteTrigger'),
  HiddenInput: ArkTagsInput.HiddenInput,
};

const FieldRoot = fieldStyle.withProvider(ArkField.Root, 'root');
const ErrorText = fieldStyle.withContext(ArkField.ErrorText, 'errorText');
const HelperText = fieldStyle.withContext(ArkField.HelperText, 'helperText');

export interface TagsFieldProps {
  label: string;
  name: string;
  value: string[];
  onValueChange: (value: string[]) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}

const DELIMITER = ',';

/**
 * The text box of the field. Ark's own commit (on a comma or Enter) empties the box one animation frame later, so a
 * letter typed within that frame was wiped with it ("oil,acrylic" gave oil and crylic). Here the commit and the
 * emptying happen in the same event: the next key finds the box already empty.
 */
function TagText() {
  const api = useTagsInputContext();
  const commit = (parts: string[], rest: string, input: HTMLInputElement) => {
    for (const part of parts.map((p) => p.trim()).filter(Boolean)) api.addValue(part);
    input.value = rest;
    api.setInputValue(rest);
  };
  const onInput = (e: FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    if (!input.value.includes(DELIMITER)) return;
    const parts = input.value.split(DELIMITER);
    commit(parts.slice(0, -1), parts.at(-1)!, input);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    // Ark's handler, which runs after this one, leaves an event whose default is prevented alone.
    e.preventDefault();
    commit([e.currentTarget.value], '', e.currentTarget);
  };
  return <TagsInput.Input placeholder="Add a tag" onInput={onInput} onKeyDown={onKeyDown} />;
}

/** Tags typed one by one (Enter or a comma adds one, Backspace removes the last), with a message under them. */
export function TagsField({ label, name, value, onValueChange, error, hint, disabled }: TagsFieldProps) {
  return (
    <FieldRoot invalid={Boolean(error)} disabled={disabled}>
      <TagsInput.Root
        value={value}
        onValueChange={(d) => onValueChange(d.value)}
        name={name}
        delimiter=","
        addOnPaste
        blurBehavior="add"
        editable={false}
      >
        <TagsInput.Label>{label}</TagsInput.Label>
        <TagsInput.Control>
          {value.map((tag, index) => (
            <TagsInput.Item key={`${tag}-${index}`} index={index} value={tag}>
              <TagsInput.ItemPreview>
                <TagsInput.ItemText>{tag}</TagsInput.ItemText>
                <TagsInput.ItemDeleteTrigger>×</TagsInput.ItemDeleteTrigger>
              </TagsInput.ItemPreview>
            </TagsInput.Item>
          ))}
          <TagText />
        </TagsInput.Control>
        <TagsInput.HiddenInput />
      </TagsInput.Root>
      {hint ? <HelperText>{hint}</HelperText> : null}
      <ErrorText>{error}</ErrorText>
    </FieldRoot>
  );
}
