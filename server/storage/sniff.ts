import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes to read for the check; file-type needs at most 4100 for the types below. */
export const SNIFF_BYTES = 4100;

/**
 * For each declared type (as browsers spell it, aliases included), the MIME types file-type may report for a file
 * that really is of that type. Types missing here are never accepted.
 */
const DETECTED_BY_DECLARED: ReadonlyMap<string, readonly string[]> = (() => {
  const table = new Map<string, readonly string[]>();
  const add = (declared: string[], detected: string[]) => {
    for (const d of declared) table.set(d, detected);
  };
  add(['image/jpeg', 'image/jpg', 'image/pjpeg'], ['image/jpeg']);
  // An animated PNG is still a PNG.
  add(['image/png', 'image/apng'], ['image/png', 'image/apng']);
  add(['image/gif'], ['image/gif']);
  add(['image/webp'], ['image/webp']);
  add(['image/avif'], ['image/avif']);
  // MPEG audio: ID3-tagged files and bare frames (layers 1-3) are all reported as audio/mpeg.
  add(['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3', 'audio/x-mp3'], ['audio/mpeg']);
  add(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'], ['audio/wav', 'audio/x-wav', 'audio/vnd.wave']);
  // Vorbis, Opus, Speex and FLAC-in-Ogg, plus an Ogg container whose first stream file-type does not know.
  add(['audio/ogg'], ['audio/ogg', 'audio/ogg; codecs=opus', 'application/ogg']);
  add(['audio/flac', 'audio/x-flac'], ['audio/flac', 'audio/x-flac']);
  add(['audio/aac', 'audio/x-aac'], ['audio/aac', 'audio/x-aac']);
  // ISO media: the major brand decides what file-type reports; M4V files are MP4 video as well.
  add(['video/mp4'], ['video/mp4', 'video/x-m4v']);
  add(['video/webm'], ['video/webm']);
  add(['video/quicktime'], ['video/quicktime']);
  add(['video/x-msvideo', 'video/avi', 'video/vnd.avi', 'video/msvideo'], ['video/vnd.avi', 'video/x-msvideo']);
  add(['application/pdf', 'application/x-pdf'], ['application/pdf']);
  return table;
})();

const SVG_TYPES = new Set(['image/svg+xml', 'image/svg']);

/** `image/PNG; foo=bar` → `image/png`. */
export const baseMediaType = (type: string) => type.split(';', 1)[0].trim().toLowerCase();

/**
 * SVG has no magic number: accept text whose first element is `<svg`, after an optional BOM, whitespace,
 * XML declaration, comments, processing instructions and a doctype (internal subset included).
 */
function looksLikeSvg(head: Buffer): boolean {
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const prolog = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\s[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i;
  const rest = text.slice(prolog.exec(text)?.[0].length ?? 0);
  return /^<svg[\s>/]/i.test(rest) || (rest.length === 4 && rest.toLowerCase() === '<svg');
}

/**
 * Whether the file's leading bytes (its magic numbers) fit the declared MIME type. `head` should hold the first
 * SNIFF_BYTES bytes, or the whole file if it is shorter. Unknown declared types are never accepted.
 */
export async function contentMatchesType(head: Buffer, declaredType: string): Promise<boolean> {
  const declared = baseMediaType(declaredType);
  if (head.length === 0) return false;
  if (SVG_TYPES.has(declared)) return looksLikeSvg(head);
  const accepted = DETECTED_BY_DECLARED.get(declared);
  if (!accepted) return false;
  const detected = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  return detected !== undefined && accepted.includes(detected.mime.toLowerCase());
}
