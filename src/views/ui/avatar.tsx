import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { avatar } from 'styled-system/recipes/avatar';
import { UserIcon } from './icons';

const { withProvider, withContext } = createStyleContext(avatar);
const Root = withProvider(ArkAvatar.Root, 'root');
const Image = withContext(ArkAvatar.Image, 'image');
const Fallback = withContext(ArkAvatar.Fallback, 'fallback');

/** The avatar image, or the default user icon when there is none or it cannot be shown. */
export function UserAvatar({ src, name, size = 'lg' }: { src: string | null; name: string; size?: 'sm' | 'lg' }) {
  return (
    <Root size={size} data-testid="avatar">
      <Fallback>
        <UserIcon size={size === 'lg' ? 72 : 20} title={src ? undefined : 'Default user icon'} />
      </Fallback>
      {src ? <Image src={src} alt={name ? `Avatar of ${name}` : 'Your avatar'} /> : null}
    </Root>
  );
}
