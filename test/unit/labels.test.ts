import { describe, expect, it } from 'vitest';
import { artworkFieldLabel } from '../../src/schemas/artwork-fields';
import { extensionLabel, fileTypeLabel } from '../../src/schemas/file-types';
import { MEDIA_TYPES, mediaTypeLabel } from '../../src/schemas/media-type.schema';
import { dimensionsSchema } from '../../src/schemas/artwork.schema';
import { postFileProblem } from '../../src/schemas/social.schema';
import { uploadRequestSchema } from '../../src/schemas/upload.schema';

// Enum values, field keys and MIME types are the API's words; what reaches the artist is their label.
describe('labels shown to the artist', () => {
  it('media types read as words', () => {
    expect(MEDIA_TYPES.map(mediaTypeLabel)).toEqual(['Physical 2D', 'Physical 3D', 'Digital 2D', 'Digital 3D', 'Video', 'Audio']);
  });

  it('the required dimension messages name the media type by its label', () => {
    const result = dimensionsSchema.safeParse({ mediaType: 'PHYSICAL_2D', height: 0, width: 1 });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual([
      'Height is required and must be positive for Physical 2D artwork',
      'Measurement system is required for Physical 2D artwork',
    ]);
  });

  it('artwork fields read as the form names them; an unknown key still reads as words', () => {
    expect(['title', 'year', 'saleStatus', 'mediaType', 'dimensions'].map(artworkFieldLabel)).toEqual([
      'Title',
      'Year',
      'Sale status',
      'Media type',
      'Dimensions',
    ]);
    expect(artworkFieldLabel('primaryImage')).toBe('Primary image');
  });

  it('file types read as people name them', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('image/svg+xml')).toBe('SVG');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'cv.docx')).toBe('DOCX');
    expect(fileTypeLabel('application/x-rar')).toBe('RAR');
    expect(fileTypeLabel('', 'noextension')).toBe('unknown');
    expect(extensionLabel('setup.exe')).toBe('EXE');
  });

  it('upload refusals never show a MIME type', () => {
    const refused = uploadRequestSchema(['image/png']).safeParse({ fileName: 'a.pdf', fileType: 'application/pdf', fileSizeInBytes: 10 });
    expect(refused.error!.issues.map((i) => i.message)).toEqual(['File type PDF is not allowed']);
    expect(postFileProblem({ name: 'photo.exe', type: 'image/png', size: 10 })).toBe('File type EXE is not allowed');
    expect(postFileProblem({ name: 'photo.heic', type: 'image/heic', size: 10 })).toBe('File type HEIC is not allowed');
  });
});
