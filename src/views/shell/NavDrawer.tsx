import type { MouseEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Portal } from '@ark-ui/react/portal';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import type { shellMachine } from '../../machines/shell/shell.machine';
import { selectDrawerOpen } from '../../machines/shell/shell.selectors';
import { Drawer } from '../ui/drawer';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { StudioNav } from './StudioNav';

type Shell = ActorRefFrom<typeof shellMachine>;

const MENU_BUTTON_ID = 'shell-menu-button';

const menuButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '11',
  h: '11',
  ms: '-2',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
});

/** The top bar's button that opens the navigation on a phone. */
export function MenuButton({ shell }: { shell: Shell }) {
  const open = useSelector(shell, selectDrawerOpen);
  return (
    <button
      id={MENU_BUTTON_ID}
      type="button"
      className={menuButton}
      aria-label="Open navigation"
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onClick={() => shell.send({ type: 'drawer.open' })}
    >
      <MenuIcon />
    </button>
  );
}

/** The navigation as a drawer; Escape, the backdrop, the close button and any link followed close it. */
export function NavDrawer({ shell }: { shell: Shell }) {
  const open = useSelector(shell, selectDrawerOpen);
  // A link to the page already shown changes no address, yet the artist chose it: the drawer goes away all the same.
  const closeOnLink = (e: MouseEvent) => {
    if ((e.target as Element).closest('a[href]')) shell.send({ type: 'shell.navigated' });
  };
  return (
    <Drawer.Root
      open={open}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => !d.open && shell.send({ type: 'drawer.close' })}
      finalFocusEl={() => document.getElementById(MENU_BUTTON_ID)}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content onClick={closeOnLink}>
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                px: '3',
                pt: '2',
              })}
            >
              <Drawer.Title className={css({ px: '3' })}>Artist Studio</Drawer.Title>
              <Drawer.CloseTrigger aria-label="Close navigation">
                <CloseIcon />
              </Drawer.CloseTrigger>
            </div>
            <div className={css({ px: '3', pt: '3', pb: '6' })}>
              <StudioNav />
            </div>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
