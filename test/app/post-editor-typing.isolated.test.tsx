import { Profiler, createElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import { ALICE, fileOf, postEditorParts, renderPostEditor } from '../support/post-editor';

/** Every commit inside the files part (the part itself or any file card) is counted. */
const commits = vi.hoisted(() => ({ files: 0 }));
vi.mock('../../src/views/post-editor/PostFiles', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/views/post-editor/PostFiles')>();
  const CountedFiles = (props: Parameters<typeof real.PostFiles>[0]) =>
    createElement(Profiler, { id: 'post-files', onRender: () => void commits.files++ }, createElement(real.PostFiles, props));
  return { ...real, PostFiles: CountedFiles };
});

describe('typing with many files attached', () => {
  it('re-renders neither the file list nor the file previews: the counter and the text alone follow the keys', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { parts } = postEditorParts({
      load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [ALICE], post: null })),
    });
    // The benchmark's setting: 20 local files and no limit.
    renderPostEditor(parts, null);
    const many = Array.from({ length: 20 }, (_, i) => fileOf(`picture-${i + 1}.png`, 'image/png', 1024 * (i + 1)));
    await user.upload(await screen.findByTestId('post-file-input'), many);
    expect(within(screen.getByRole('list', { name: 'Post files' })).getAllByRole('listitem')).toHaveLength(20);

    const before = commits.files;
    expect(before).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Content'), 'A quiet morning #studio');
    expect(screen.getByTestId('post-counter')).toHaveTextContent('23 / 280 characters');
    expect(commits.files).toBe(before);

    // Changing a file does reach the list (the counting itself works).
    await user.type(screen.getByLabelText('Alt text for picture-1.png'), 'x');
    expect(commits.files).toBeGreaterThan(before);
  });
});
