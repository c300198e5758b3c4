import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { ArtworkEditor } from '../../src/views/artwork-editor/ArtworkEditor';
import { LEAVE_DIALOG } from '../../src/views/shell/LeaveDialog';
import { provideArtworkEditor } from '../../src/machines/artwork-editor/artwork-editor.provide';
import { LeaveGuardRouter, useLeaveGuard } from '../../src/views/shell/leave-guard';
import { editorParts } from '../support/artwork-editor';

/** The editor wired as its route wires it: a confirmed leave goes past the guard. */
function Editor() {
  const { pass } = useLeaveGuard();
  const { parts } = editorParts({ leave: (to) => pass(to) });
  return <ArtworkEditor logic={provideArtworkEditor(parts)} input={{ artworkId: null, mediaType: 'PHYSICAL_2D' }} />;
}

function renderApp() {
  const location = memoryLocation({ path: '/portfolio/artwork/new/physical_2d', record: true });
  render(
    <Router hook={location.hook}>
      <LeaveGuardRouter>
        <Link href="/journal">Activity Journal</Link>
        <Editor />
      </LeaveGuardRouter>
    </Router>,
  );
  return { location, user: userEvent.setup() };
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leaving the artwork form', () => {
  it('goes at once when nothing changed, and the browser is not asked to hold a reload', async () => {
    const { location, user } = renderApp();
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Activity Journal' }));
    expect(location.history.at(-1)).toBe('/journal');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('with unsaved changes asks first: Stay keeps the form and its text, Leave goes; a reload is held too', async () => {
    const { location, user } = renderApp();
    await user.type(screen.getByLabelText('Title'), 'Harbour');
    expect(unload()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Activity Journal' }));
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_DIALOG.title });
    expect(dialog).toHaveAccessibleDescription(LEAVE_DIALOG.message);
    expect(location.history.at(-1)).toBe('/portfolio/artwork/new/physical_2d');

    await user.click(within(dialog).getByRole('button', { name: LEAVE_DIALOG.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Title')).toHaveValue('Harbour');
    expect(location.history.at(-1)).toBe('/portfolio/artwork/new/physical_2d');

    await user.click(screen.getByRole('link', { name: 'Activity Journal' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: LEAVE_DIALOG.leave }));
    expect(location.history.at(-1)).toBe('/journal');
    await act(async () => {});
    expect(unload()).toBe(false);
  });
});
