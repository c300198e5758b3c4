import { useSelector } from '@xstate/react';
import { memo, useMemo, type ComponentType } from 'react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../../machines/post-editor/post-editor.machine';
import type { LinkCardRef } from '../../../machines/link-card/link-card.machine';
import { selectCard } from '../../../machines/link-card/link-card.selectors';
import {
  isEditable,
  selectAccounts,
  selectChosenAccounts,
  selectContent,
  selectFiles,
  selectFitted,
  selectMats,
  selectLinkCard,
  selectSchedule,
  selectTags,
  selectThreadParts,
} from '../../../machines/post-editor/post-editor.selectors';
import { composePostText } from '../../../schemas/post-text';
import { PLATFORM_LABELS } from '../../../schemas/social-platform.schema';
import type { Platform } from '../../../schemas/social.schema';
import { BlueskyPreview } from './BlueskyPreview';
import { FacebookPreview, InstagramPreview } from './MetaPreviews';
import type { ImageFits, NetworkPreviewProps } from './preview-types';
import type { LinkCard } from '../../../schemas/link-card.schema';

/** One preview per network, chosen by the account's platform. A network joins the studio with its own. */
export const NETWORK_PREVIEWS: Record<Platform, ComponentType<NetworkPreviewProps>> = {
  bluesky: BlueskyPreview,
  instagram: InstagramPreview,
  facebook: FacebookPreview,
};

/** The networks the post goes to, each with the account it goes out as; none chosen yet: Bluesky's, as it will most likely go. */
function networksOf(chosen: { platform: Platform; handle: string }[], connected: { platform: Platform; handle: string }[]) {
  const platforms = chosen.length ? [...new Set(chosen.map((a) => a.platform))] : (['bluesky'] as Platform[]);
  return platforms.map((platform) => ({
    platform,
    handle: (chosen.find((a) => a.platform === platform) ?? connected.find((a) => a.platform === platform))?.handle ?? null,
  }));
}

/** The card of the text's first link, read from its chart while there is one. */
function WithCard({ editor, card }: { editor: PostEditorRef; card: LinkCardRef }) {
  return <Previews editor={editor} linkCard={useSelector(card, selectCard)} />;
}

/** The composer's preview: the post as each of its networks will show it, updated as the artist writes. */
export const PostPreviews = memo(function PostPreviews({ editor }: { editor: PostEditorRef }) {
  const card = useSelector(editor, selectLinkCard);
  return card ? <WithCard editor={editor} card={card} /> : <Previews editor={editor} linkCard={null} />;
});

function Previews({ editor, linkCard }: { editor: PostEditorRef; linkCard: LinkCard | null }) {
  const content = useSelector(editor, selectContent);
  const hashtags = useSelector(editor, selectTags('hashtags'));
  const mentions = useSelector(editor, selectTags('mentions'));
  const parts = useSelector(editor, selectThreadParts);
  const files = useSelector(editor, selectFiles);
  const chosen = useSelector(editor, selectChosenAccounts);
  const connected = useSelector(editor, selectAccounts);
  const when = useSelector(editor, selectSchedule);
  const readings = useSelector(editor, selectFitted);
  const mats = useSelector(editor, selectMats);
  const editable = useSelector(editor, isEditable);
  const fits = useMemo<ImageFits>(
    () => ({
      readings,
      mats,
      choose: editable
        ? (mediaId, mat) => editor.send({ type: 'form.change', field: 'mats', value: { ...mats, [mediaId]: mat } })
        : undefined,
    }),
    [readings, mats, editable, editor],
  );
  const texts = useMemo(
    () => (parts.length ? parts : [composePostText({ content, hashtags, mentions })]),
    [parts, content, hashtags, mentions],
  );
  const networks = useMemo(() => networksOf(chosen, connected), [chosen, connected]);
  return (
    <section aria-labelledby="post-preview-title" className={css({ display: 'grid', gap: '3' })}>
      <h2 id="post-preview-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        Preview
      </h2>
      {networks.map(({ platform, handle }) => {
        const Preview = NETWORK_PREVIEWS[platform];
        return Preview ? (
          <div key={platform} className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'l3', px: '4', bg: 'bg.surface' })}>
            <p className={css({ pt: '3', fontSize: 'sm', color: 'fg.muted' })}>On {PLATFORM_LABELS[platform]}</p>
            <Preview handle={handle} texts={texts} files={files} linkCard={linkCard} when={when} fits={fits} />
          </div>
        ) : null;
      })}
    </section>
  );
}
