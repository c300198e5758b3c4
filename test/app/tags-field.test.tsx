import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagsField } from '../../src/views/ui/tags-input';

/** The field as a form holds it: the tags live outside it and come back in as its value. */
function Harness({ seen }: { seen: string[][] }) {
  const [tags, setTags] = useState<string[]>([]);
  return (
    <TagsField
      label="Tags"
      name="tags"
      value={tags}
      onValueChange={(next) => {
        seen.push(next);
        setTags(next);
      }}
    />
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function renderField() {
  const seen: string[][] = [];
  render(<Harness seen={seen} />);
  return { seen, input: screen.getByRole('textbox', { name: 'Tags' }) as HTMLInputElement };
}

describe('the tag field, typed fast', () => {
  // No pause between keys: everything below is typed within one animation frame, as a fast typist's keys come.
  const fast = () => userEvent.setup({ delay: null });

  it('keeps the first letter typed after a comma commits a tag ("oil,acrylic" is oil and acrylic, not oil and crylic)', async () => {
    const { seen, input } = renderField();
    await fast().type(input, 'oil,acrylic');
    expect(input.value).toBe('acrylic');
    await act(nextFrame);
    expect(input.value).toBe('acrylic');
    await fast().type(input, '{Enter}');
    await act(nextFrame);
    expect(seen.at(-1)).toEqual(['oil', 'acrylic']);
    expect(input.value).toBe('');
  });

  it('keeps the first letter typed after Enter commits a tag', async () => {
    const { seen, input } = renderField();
    await fast().type(input, 'paint{Enter}oil,');
    await act(nextFrame);
    expect(seen.at(-1)).toEqual(['paint', 'oil']);
    expect(input.value).toBe('');
  });

  it('commits each part of text with several commas, and trims them; an empty part adds nothing', async () => {
    const { seen, input } = renderField();
    await fast().type(input, ' sea , ,blue,');
    await act(nextFrame);
    expect(seen.at(-1)).toEqual(['sea', 'blue']);
    expect(input.value).toBe('');
  });
});
