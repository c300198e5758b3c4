import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import { ALICE, postEditorParts, renderPostEditor } from '../support/post-editor';

/** 270 characters of words, then a hashtag that crosses the 280-character limit. */
const LONG = `${'paint '.repeat(45)}#watercolourstudies at dawn`;

describe('a post typed past the 280-character limit', () => {
  it('keeps every character, turns the counter red, says by how much and offers to split it into a thread', async () => {
    const user = userEvent.setup();
    const { parts } = postEditorParts({
      load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [ALICE], post: null })),
    });
    renderPostEditor(parts, null);
    const content = await screen.findByLabelText('Content');
    // The words pasted (typing each of them re-renders the editor 270 times), the hashtag across the limit typed.
    await user.click(content);
    await user.paste(LONG.slice(0, 270));
    await user.type(content, LONG.slice(270));

    // Nothing cut mid-hashtag: the text is as typed.
    expect(content).toHaveValue(LONG);
    const counter = screen.getByTestId('post-counter');
    expect(counter).toHaveTextContent(`${LONG.length} / 280 characters`);
    expect(counter).toHaveAttribute('data-state', 'over');
    const over = LONG.length - 280;
    expect(screen.getByText(`${over} characters over the 280-character limit. Shorten the text, or split it into a thread.`)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Split into a thread' }));
    const parts2 = within(screen.getByRole('list', { name: 'Thread parts' })).getAllByRole('listitem');
    expect(parts2).toHaveLength(2);
    // The hashtag whole, in the second part.
    expect(parts2[1]).toHaveTextContent('#watercolourstudies at dawn');
    expect(content).toHaveValue(LONG);
  });
});
