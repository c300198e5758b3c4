/** The first `max` characters of a text on one line, cut at a word with an ellipsis when longer. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** Links only to the web: a post's address from elsewhere never becomes a javascript: or data: link. */
export const isWebUrl = (url: string) => /^https?:\/\/[^\s"'<>]+$/i.test(url);
