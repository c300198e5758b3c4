import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LoadInput, PostEditorData } from '../../src/machines/post-editor/post-editor.types';
import type { FittedPreview, MatChoice, Mats } from '../../src/schemas/image-fit.schema';
import type { SavePost, SocialAccount, SocialPost } from '../../src/schemas/social.schema';
import { ALICE, POST_ID, mediaFixture, postEditorParts, postFixture, ref, renderPostEditor } from '../support/post-editor';

const STUDIO: SocialAccount = { platform: 'instagram', handle: 'studio.aurora', service: null, connectedAt: '2026-11-02T12:00:00.000Z' };
const SCROLL = mediaFixture(1, { fileName: 'scroll.jpg', altText: 'A tall scroll' });
const SQUARE = mediaFixture(2, { fileName: 'square.jpg', altText: 'A square study' });

/** The fit as the server answers it: the scroll (1:3) goes on a mat at its sides, the square fits as it is. */
function fitOf(mediaId: string, mat: MatChoice): FittedPreview {
  const tall = mediaId === SCROLL.mediaId;
  return {
    url: `https://media.test/fitted/${mediaId}/${mat}.jpg`,
    width: 1080,
    height: tall ? 1350 : 1080,
    work: tall ? { left: 315, top: 0, width: 450, height: 1350 } : { left: 0, top: 0, width: 1080, height: 1080 },
    matColour: mat === 'black' ? '#000000' : mat === 'edge' ? '#8a6f4d' : '#ffffff',
    matted: tall,
  };
}

/** A draft with the scroll and the square, going to `accounts`, with `mats` as saved. */
function open(accounts: SocialAccount[], mats: Mats = {}) {
  const saved: SavePost[] = [];
  const asked: string[] = [];
  const post = postFixture({ accounts: accounts.map(ref), media: [SCROLL, SQUARE], mediaIds: [SCROLL.mediaId, SQUARE.mediaId], mats });
  const { parts } = postEditorParts({
    load: fromPromise<PostEditorData, LoadInput>(async () => ({ accounts: [ALICE, STUDIO], post })),
    savePost: fromPromise<SocialPost, SavePost>(async ({ input }) => {
      saved.push(input);
      return { ...post, mats: { ...input.mats } };
    }),
    readFitted: async (mediaId, mat) => {
      asked.push(`${mediaId === SCROLL.mediaId ? 'scroll' : 'square'}:${mat}`);
      return fitOf(mediaId, mat);
    },
  });
  renderPostEditor(parts, POST_ID);
  return { saved, asked };
}

const preview = () => screen.findByRole('article', { name: 'Instagram preview' });
const slide = async (n: number) => within(await preview()).findByRole('listitem', { name: `Image ${n} of 2` });
const fittedSrc = async (n: number) =>
  within(await slide(n))
    .getByTestId('instagram-fitted')
    .getAttribute('src');

describe('the Instagram preview fits each image and lets the artist pick its mat', () => {
  it('shows each saved image as Instagram receives it, and a mat choice only for the work that needs one', async () => {
    const { asked } = open([STUDIO]);
    // Each image's reading settles on its own.
    await waitFor(async () => expect(await fittedSrc(1)).toBe(`https://media.test/fitted/${SCROLL.mediaId}/white.jpg`));
    await waitFor(async () => expect(await fittedSrc(2)).toBe(`https://media.test/fitted/${SQUARE.mediaId}/white.jpg`));
    // The whole work, never cropped: the reason and the choice stand under the scroll alone.
    const scroll = await slide(1);
    expect(within(scroll).getByText('Taller than Instagram takes (4:5): it goes whole on a mat, never cropped. The mat:')).toBeVisible();
    expect(within(scroll).getByRole('radio', { name: 'White' })).toBeChecked();
    expect(within(await slide(2)).queryByRole('radio')).toBeNull();
    expect(within(await slide(1)).getByTestId('instagram-fitted')).toHaveAttribute('alt', 'A tall scroll');
    expect(asked).toEqual(['scroll:white', 'square:white']);
  });

  it('a mat chosen shows at once, is read once, and is saved with the post', async () => {
    const user = userEvent.setup();
    const { asked, saved } = open([STUDIO]);
    const scroll = await slide(1);
    await user.click(await within(scroll).findByRole('radio', { name: 'Black' }));
    await waitFor(async () => expect(await fittedSrc(1)).toBe(`https://media.test/fitted/${SCROLL.mediaId}/black.jpg`));
    expect(within(await slide(1)).getByRole('radio', { name: 'Black' })).toBeChecked();

    // Back to white: the reading already made is shown again, not asked for twice.
    await user.click(within(await slide(1)).getByRole('radio', { name: 'White' }));
    await waitFor(async () => expect(await fittedSrc(1)).toBe(`https://media.test/fitted/${SCROLL.mediaId}/white.jpg`));
    await user.click(within(await slide(1)).getByRole('radio', { name: 'Edge colour' }));
    await waitFor(async () => expect(await fittedSrc(1)).toBe(`https://media.test/fitted/${SCROLL.mediaId}/edge.jpg`));
    expect(asked).toEqual(['scroll:white', 'square:white', 'scroll:black', 'scroll:edge']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].mats).toEqual({ [SCROLL.mediaId]: 'edge' });
  });

  it('opens on the mat the post was saved with', async () => {
    open([STUDIO], { [SCROLL.mediaId]: 'black', [SQUARE.mediaId]: 'white' });
    await waitFor(async () => expect(await fittedSrc(1)).toBe(`https://media.test/fitted/${SCROLL.mediaId}/black.jpg`));
    expect(within(await slide(1)).getByRole('radio', { name: 'Black' })).toBeChecked();
  });

  it('reads nothing while no Instagram account is chosen, and fits the images once one is', async () => {
    const user = userEvent.setup();
    const { asked } = open([ALICE]);
    await screen.findByLabelText('Instagram @studio.aurora');
    expect(screen.queryByRole('article', { name: 'Instagram preview' })).toBeNull();
    expect(asked).toEqual([]);
    await user.click(screen.getByLabelText('Instagram @studio.aurora'));
    await waitFor(async () => expect(await fittedSrc(1)).toBe(`https://media.test/fitted/${SCROLL.mediaId}/white.jpg`));
    expect(asked).toEqual(['scroll:white', 'square:white']);
  });
});
