import { describe, expect, it } from 'vitest';
import { artworkFolder, entryName } from '../../server/users/export-contents';

describe('names written into the export archive', () => {
  it.each([
    // Shown right to left from the override on, '\u202egnp.exe' reads as 'exe.png'.
    ['\u202egnp.exe', 'gnp.exe'],
    ['a\u202a\u202b\u202c\u202d\u202eb.jpg', 'ab.jpg'],
    ['\u2066\u2067\u2068photo\u2069.jpg', 'photo.jpg'],
    ['harbour.jpg', 'harbour.jpg'],
    ['../etc/passwd', '.._etc_passwd'],
    ['\u202e', 'fallback'],
  ])('file %j is written as %j', (name, written) => {
    expect(entryName(name, 'fallback')).toBe(written);
  });

  it('a media folder is named by the artwork title and id', () => {
    expect(artworkFolder('Blue Harbour', 'a1')).toBe('Blue Harbour (a1)');
    expect(artworkFolder('Sea/Sky: \u202eevil', 'a2')).toBe('Sea_Sky_ evil (a2)');
    expect(artworkFolder('Untitled...', 'a3')).toBe('Untitled (a3)');
    expect(artworkFolder('x'.repeat(300), 'a4')).toBe(`${'x'.repeat(80)} (a4)`);
    expect(artworkFolder('', 'a5')).toBe('a5');
    expect(artworkFolder(' \u2066 ', 'a6')).toBe('a6');
  });
});
