/** '#Art' -> 'Art', '@Bob.bsky.social' -> 'bob.bsky.social'. */
const bareTag = (tag: string) => tag.trim().replace(/^#/, '');
const bareHandle = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();

/** Tags and handles already written in the text, compared without regard to case. */
function present(text: string) {
  const tags = new Set<string>();
  const handles = new Set<string>();
  for (const m of text.matchAll(/(?:^|\s)#([^\s#]+)/gu)) tags.add(m[1].replace(/\p{P}+$/u, '').toLowerCase());
  for (const m of text.matchAll(/(?:^|[\s(])@([a-z0-9.-]+)/giu)) handles.add(m[1].replace(/\.+$/, '').toLowerCase());
  return { tags, handles };
}

/** The post's hashtags ('#tag') and mentions ('@handle') that the content does not already contain, in the order given. */
export function extraTags(post: { content: string; hashtags: readonly string[]; mentions: readonly string[] }): string[] {
  const { tags, handles } = present(post.content.trim());
  const extra: string[] = [];
  for (const tag of post.hashtags.map(bareTag).filter(Boolean)) {
    if (tags.has(tag.toLowerCase())) continue;
    tags.add(tag.toLowerCase());
    extra.push(`#${tag}`);
  }
  for (const handle of post.mentions.map(bareHandle).filter(Boolean)) {
    if (handles.has(handle)) continue;
    handles.add(handle);
    extra.push(`@${handle}`);
  }
  return extra;
}

/**
 * The text a post goes out with (shared by the server, which sends it, and the editor, which counts it): the content,
 * then on a line of their own the post's hashtags ('#tag') and mentions ('@handle') that the content does not
 * already contain, in the order given.
 */
export function composePostText(post: { content: string; hashtags: readonly string[]; mentions: readonly string[] }): string {
  const content = post.content.trim();
  const extra = extraTags(post);
  if (!extra.length) return content;
  return content ? `${content}\n\n${extra.join(' ')}` : extra.join(' ');
}
