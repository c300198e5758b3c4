import { Field as ArkField } from '@ark-ui/react/field';
import { TagsInput as ArkTagsInput } from '@ark-ui/react/tags-input';
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
          <TagsInput.Input placeholder="Add a tag" />
        </TagsInput.Control>
        <TagsInput.HiddenInput />
      </TagsInput.Root>
      {hint ? <HelperText>{hint}</HelperText> : null}
      <ErrorText>{error}</ErrorText>
    </FieldRoot>
  );
}
