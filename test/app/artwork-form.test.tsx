import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ArtworkInput } from '../../src/schemas/artwork.schema';
import { mediaTypeLabel, type MediaType } from '../../src/schemas/media-type.schema';
import { ARTWORK_ID, artworkFixture, editorParts, renderEditor, typeTag } from '../support/artwork-editor';

interface Expected {
  lengths: Array<'Height' | 'Width' | 'Depth'>;
  unit: 'in' | 'px';
  step: string;
  duration: boolean;
  system: boolean;
  /** The sizes read from the work's file (shown, never typed), by their label. */
  measured?: string;
}

const TYPES: Record<MediaType, Expected> = {
  PHYSICAL_2D: { lengths: ['Height', 'Width'], unit: 'in', step: '0.1', duration: false, system: true },
  PHYSICAL_3D: { lengths: ['Height', 'Width', 'Depth'], unit: 'in', step: '0.1', duration: false, system: true },
  DIGITAL_2D: { lengths: [], unit: 'px', step: '1', duration: false, system: false, measured: 'Pixel size' },
  DIGITAL_3D: { lengths: ['Height', 'Width', 'Depth'], unit: 'px', step: '1', duration: false, system: false },
  VIDEO: { lengths: [], unit: 'px', step: '1', duration: false, system: false, measured: 'Size and length' },
  AUDIO: { lengths: [], unit: 'px', step: '1', duration: false, system: false, measured: 'Length' },
};

const fieldRoot = (el: HTMLElement) => el.closest<HTMLElement>('[data-scope="field"][data-part="root"]')!;
const hasAsterisk = (el: HTMLElement) => within(fieldRoot(el)).queryByText('*') !== null;

function createNew(mediaType: MediaType) {
  const created: ArtworkInput[] = [];
  const { parts, notices, navigations } = editorParts({
    createArtwork: fromPromise(async ({ input }) => {
      created.push(input);
      return artworkFixture({ mediaType: input.mediaType, dimensions: input.dimensions as never });
    }),
  });
  renderEditor(parts, { artworkId: null, mediaType });
  return { created, notices, navigations };
}

describe('the artwork form for each media type', () => {
  it.each(Object.entries(TYPES) as Array<[MediaType, Expected]>)('%s', async (type, expected) => {
    const user = userEvent.setup();
    const { created } = createNew(type);
    expect(screen.getByRole('heading', { name: 'Create New Artwork' })).toBeInTheDocument();
    expect(screen.getByTestId('media-type')).toHaveTextContent(mediaTypeLabel(type));

    // Text fields, no asterisk: nothing else is required.
    for (const label of ['Title', 'Year', 'Medium', 'Description']) expect(hasAsterisk(screen.getByLabelText(label))).toBe(false);
    expect(screen.getByLabelText('Year')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('combobox', { name: 'Sale status' })).toHaveDisplayValue('Not For Sale');
    expect(
      within(screen.getByRole('combobox', { name: 'Sale status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Available', 'Sold', 'Not For Sale']);

    // Lengths: unit label, min 0, step by kind, required asterisk; the others are absent.
    for (const name of ['Height', 'Width', 'Depth'] as const) {
      const input = screen.queryByLabelText(`${name} (${expected.unit})`);
      if (!expected.lengths.includes(name)) {
        expect(screen.queryByLabelText(new RegExp(`^${name}`))).toBeNull();
        continue;
      }
      expect(input).toHaveAttribute('type', 'number');
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('step', expected.step);
      expect(input).toHaveValue(null);
      expect(hasAsterisk(input!)).toBe(true);
    }

    // Measurement system: physical types only, imperial by default.
    const system = screen.queryByRole('combobox', { name: 'Measurement system' });
    if (expected.system) {
      expect(system).toHaveDisplayValue('Imperial (inches)');
      expect(
        within(system!)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Imperial (inches)', 'Metric (centimeters)']);
      expect(hasAsterisk(system!)).toBe(true);
    } else expect(system).toBeNull();

    // Duration: hours and minutes from 0, seconds 0 to 59.
    const duration = screen.queryByRole('group', { name: /Duration/ });
    if (expected.duration) {
      expect(within(duration!).getByText('*')).toBeInTheDocument();
      expect(within(duration!).getByLabelText('Hours')).toHaveAttribute('min', '0');
      expect(within(duration!).getByLabelText('Minutes')).toHaveAttribute('min', '0');
      expect(within(duration!).getByLabelText('Seconds')).toHaveAttribute('min', '0');
      expect(within(duration!).getByLabelText('Seconds')).toHaveAttribute('max', '59');
    } else expect(duration).toBeNull();

    // Sizes a file gives are read from it once it is added in Media: shown, not asked for.
    const measured = screen.queryByTestId('measured');
    if (expected.measured) {
      expect(measured).toHaveTextContent(`${expected.measured}Read from the file once you add it in Media.`);
    } else expect(measured).toBeNull();
    if (!expected.lengths.length && !expected.duration) {
      // Nothing to type: the work is saved as it is.
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0].dimensions).toEqual({ mediaType: type });
      return;
    }

    // Submitting the empty form shows every required message and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const messages = [
      ...expected.lengths.map((f) => `${f} is required and must be positive for ${mediaTypeLabel(type)} artwork`),
      ...(expected.duration ? [`Duration is required and must be positive for ${mediaTypeLabel(type)} artwork`] : []),
    ];
    for (const message of messages) expect(screen.getByText(message)).toBeInTheDocument();
    for (const name of expected.lengths)
      expect(screen.getByLabelText(`${name} (${expected.unit})`)).toHaveAttribute('aria-invalid', 'true');
    expect(created).toEqual([]);

    // Filling them in sends the artwork with numbers.
    for (const name of expected.lengths) await user.type(screen.getByLabelText(`${name} (${expected.unit})`), '12');
    if (expected.duration) await user.type(screen.getByLabelText('Seconds'), '30');
    for (const message of messages) expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const dims = created[0].dimensions;
    expect(dims.mediaType).toBe(type);
    for (const name of expected.lengths) expect(dims[name.toLowerCase() as 'height']).toBe(12);
    expect(dims.durationInSeconds).toBe(expected.duration ? 30 : undefined);
    expect(dims.measurementSystem).toBe(expected.system ? 'imperial' : undefined);
  });
});

describe('the artwork form', () => {
  it('shows centimeters once metric is chosen, and sends the system', async () => {
    const user = userEvent.setup();
    const { created } = createNew('PHYSICAL_3D');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Measurement system' }), 'Metric (centimeters)');
    for (const name of ['Height', 'Width', 'Depth']) await user.type(screen.getByLabelText(`${name} (cm)`), '10.5');
    expect(screen.queryByLabelText('Height (in)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].dimensions).toEqual({
      mediaType: 'PHYSICAL_3D',
      measurementSystem: 'metric',
      height: 10.5,
      width: 10.5,
      depth: 10.5,
    });
  });

  it("shows a video's size and length, never as inputs", async () => {
    const artwork = artworkFixture({
      mediaType: 'VIDEO',
      dimensions: { mediaType: 'VIDEO', height: 1080, width: 1920, durationInSeconds: 3723 },
    });
    const { parts } = editorParts({ loadArtwork: fromPromise(async () => artwork) });
    renderEditor(parts, { artworkId: ARTWORK_ID });
    expect(await screen.findByRole('heading', { name: 'Edit Artwork' })).toBeInTheDocument();
    // Its file is not listed (yet): the sizes it has are shown, without claiming they came from a file.
    expect(screen.getByTestId('measured')).toHaveTextContent(/^Size and length1920 × 1080 px, 1:02:03$/);
    expect(screen.queryByLabelText('Height (px)')).toBeNull();
    expect(screen.queryByLabelText('Seconds')).toBeNull();
    expect(screen.getByTestId('media-type')).toHaveTextContent('Video');
  });

  it('takes the year as text, shows its three messages, and sends an integer', async () => {
    const user = userEvent.setup();
    const { created } = createNew('DIGITAL_2D');
    const year = screen.getByLabelText('Year');
    const messageOf = () => fieldRoot(year).querySelector('[data-part="error-text"]')?.textContent ?? '';
    await user.type(year, 'abc');
    expect(messageOf()).toBe('Year must be an integer');
    await user.clear(year);
    await user.type(year, '1999.5');
    expect(messageOf()).toBe('Year must be an integer');
    await user.clear(year);
    await user.type(year, '999');
    expect(messageOf()).toBe('Year must be a valid year (min 1000)');
    await user.clear(year);
    await user.type(year, String(new Date().getFullYear() + 1));
    expect(messageOf()).toBe("Year can't exceed the current year");
    expect(year).toHaveAttribute('aria-invalid', 'true');
    await user.clear(year);
    await user.type(year, '1999');
    expect(messageOf()).toBe('');
    expect(year).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].year).toBe(1999);
  });

  it('sends no year when it is left empty', async () => {
    const user = userEvent.setup();
    const { created } = createNew('AUDIO');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].year).toBeNull();
  });

  it('shows the messages of the text fields under them', async () => {
    const user = userEvent.setup();
    createNew('AUDIO');
    await user.click(screen.getByLabelText('Title'));
    await user.paste('x'.repeat(256));
    expect(screen.getByText('Title must be at most 255 characters')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Medium'));
    await user.paste('m'.repeat(101));
    expect(screen.getByText('Medium must be at most 100 characters')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Description'));
    await user.paste('d'.repeat(5001));
    expect(screen.getByText('Description must be at most 5000 characters')).toBeInTheDocument();
  });

  it('takes tags one by one and checks their length', async () => {
    const user = userEvent.setup();
    const { created } = createNew('AUDIO');
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    await typeTag(user, tags, 'blue{Enter}');
    await typeTag(user, tags, 'sea,');
    expect(screen.getByText('blue')).toBeInTheDocument();
    expect(screen.getByText('sea')).toBeInTheDocument();
    await typeTag(user, tags, `${'t'.repeat(51)}{Enter}`);
    expect(screen.getByText('Each tag must be at most 50 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Delete tag ${'t'.repeat(51)}` }));
    expect(screen.queryByText('Each tag must be at most 50 characters')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sale status' }), 'Available');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ tags: ['blue', 'sea'], saleStatus: 'AVAILABLE' });
  });

  it('keeps the content labels a post sharing it starts with: one adult label at most, and Graphic media besides', async () => {
    const user = userEvent.setup();
    const saved: ArtworkInput[] = [];
    const { parts } = editorParts({
      loadArtwork: fromPromise(async () => artworkFixture({ postLabels: ['sexual'] })),
      updateArtwork: fromPromise(async ({ input }) => {
        saved.push(input.input);
        return artworkFixture({ postLabels: input.input.postLabels });
      }),
    });
    renderEditor(parts, { artworkId: ARTWORK_ID });
    const group = within(await screen.findByRole('group', { name: /^Media labels when shared/ }));
    expect(group.getByRole('radio', { name: 'Sexual' })).toBeChecked();
    expect(group.getByRole('radio', { name: 'Nudity' })).toHaveAccessibleDescription(/figure drawing/);
    await user.click(group.getByRole('radio', { name: 'Nudity' }));
    expect(group.getByRole('radio', { name: 'Sexual' })).not.toBeChecked();
    await user.click(group.getByRole('checkbox', { name: 'Graphic media' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].postLabels).toEqual(['nudity', 'graphic-media']);
  });

  it("shows whether the public site will show the work and why; ticking it is the artist's choice, sent with the save", async () => {
    const user = userEvent.setup();
    const saved: ArtworkInput[] = [];
    const { parts } = editorParts({
      loadArtwork: fromPromise(async () => artworkFixture({ showOnSite: false, showOnSiteWhy: 'noPicture' })),
      updateArtwork: fromPromise(async ({ input }) => {
        saved.push(input.input);
        const chosen = input.input.showOnSite;
        return artworkFixture(chosen === undefined ? {} : { showOnSite: chosen, showOnSiteWhy: 'chosen' });
      }),
    });
    renderEditor(parts, { artworkId: ARTWORK_ID });
    const box = await screen.findByRole('checkbox', { name: 'Show on my public site' });
    expect(box).not.toBeChecked();
    expect(screen.getByText('Not shown while it has no picture, unless you tick this.')).toBeInTheDocument();
    // Saved untouched, the server keeps deciding by its rule: no choice is sent.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).not.toHaveProperty('showOnSite');
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.queryByText('Not shown while it has no picture, unless you tick this.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ showOnSite: true });
  });
});
