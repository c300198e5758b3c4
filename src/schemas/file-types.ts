/**
 * What the artist calls a file's type: 'PDF', not 'application/pdf'. Messages built from a MIME type (upload
 * refusals, on the server and in the app) show this label.
 */
export const FILE_TYPE_LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/svg+xml': 'SVG',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'image/tiff': 'TIFF',
  'image/bmp': 'BMP',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'video/quicktime': 'MOV',
  'video/x-msvideo': 'AVI',
  'audio/mpeg': 'MP3',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/ogg': 'Ogg',
  'audio/flac': 'FLAC',
  'audio/aac': 'AAC',
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'text/plain': 'TXT',
  'text/html': 'HTML',
};

const extensionOf = (fileName: string) => /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1];

/**
 * The label of a MIME type; for one not listed, the file's extension as people write it ('DOCX'); without one,
 * the subtype when it is a plain word ('application/x-rar' -> 'RAR'), else 'unknown'.
 */
export function fileTypeLabel(mimeType: string, fileName = ''): string {
  const type = mimeType.trim().toLowerCase();
  const known = FILE_TYPE_LABELS[type];
  if (known) return known;
  const ext = extensionOf(fileName);
  if (ext) return ext.toUpperCase();
  const subtype = /^[a-z]+\/(?:x-)?([a-z0-9]{1,10})$/.exec(type)?.[1];
  return subtype ? subtype.toUpperCase() : 'unknown';
}

/** The label of a file's extension, for a file refused by its name ('photo.exe' -> 'EXE'). */
export const extensionLabel = (fileName: string) => extensionOf(fileName)?.toUpperCase() ?? 'unknown';
