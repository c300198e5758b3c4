import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ArtworkEditorRoute from '../../src/views/artwork-editor/artwork-editor-route';
import { renderWithFakeApi, type FakeAnswer } from '../support/fake-api';

// What a proxy answers when the API behind it is down: an HTML page, no JSON error body.
const BAD_GATEWAY: FakeAnswer = { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };

/** A new 2D artwork with its required lengths, submitted to an API that answers `answer`. */
async function createArtworkAgainst(answer: FakeAnswer) {
  const user = userEvent.setup();
  const { toasts } = renderWithFakeApi(<ArtworkEditorRoute params={{ id: 'new', mediaType: 'physical_2d' }} />, {
    path: '/portfolio/artwork/new/physical_2d',
    handler: () => answer,
  });
  await user.type(screen.getByLabelText('Height (in)'), '12');
  await user.type(screen.getByLabelText('Width (in)'), '9');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(toasts).toHaveLength(1));
  return toasts;
}

describe('a failed call says what failed once, then why', () => {
  it("a 502 with an HTML body: the chart's prefix and a generic reason, never the prefix twice", async () => {
    const toasts = await createArtworkAgainst(BAD_GATEWAY);
    expect(toasts).toEqual([
      { title: 'Failed to create artwork: The server answered with an error (502). Try again.', toastType: 'error' },
    ]);
  });

  it("an error with a JSON body: the chart's prefix and the server's own message", async () => {
    const toasts = await createArtworkAgainst({ status: 500, body: { message: 'The database is unavailable.' } });
    expect(toasts).toEqual([{ title: 'Failed to create artwork: The database is unavailable.', toastType: 'error' }]);
  });

  it("a load shown alone names what failed before a generic reason, and shows the server's message as it is", async () => {
    const answers: FakeAnswer[] = [BAD_GATEWAY, { status: 503, body: { message: 'Down for maintenance until 14:00.' } }];
    const user = userEvent.setup();
    renderWithFakeApi(<ArtworkEditorRoute params={{ id: 'a1' }} />, { path: '/portfolio/artwork/a1', handler: () => answers.shift()! });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to fetch artwork: The server answered with an error \(502\)\. Try again\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Down for maintenance until 14:00\.$/));
  });
});
