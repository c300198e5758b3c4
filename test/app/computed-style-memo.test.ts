import { describe, expect, it } from 'vitest';

// test/app/setup.ts keeps getComputedStyle's answers until the document changes: any change must show at once.
describe('getComputedStyle, answered once per element until the document changes', () => {
  it('is kept while nothing changes', () => {
    const box = document.body.appendChild(document.createElement('div'));
    expect(getComputedStyle(box)).toBe(getComputedStyle(box));
    box.remove();
  });

  it('follows an attribute, an inline style, a class rule and a parent hidden since the last answer', () => {
    const parent = document.body.appendChild(document.createElement('section'));
    const box = parent.appendChild(document.createElement('button'));
    expect(getComputedStyle(box).display).toBe('inline-block');
    box.hidden = true;
    expect(getComputedStyle(box).display).toBe('none');
    box.hidden = false;
    box.style.visibility = 'hidden';
    expect(getComputedStyle(box).visibility).toBe('hidden');
    box.style.removeProperty('visibility');
    expect(getComputedStyle(box).visibility).toBe('visible');
    parent.style.visibility = 'hidden';
    expect(getComputedStyle(box).visibility).toBe('hidden');
    const sheet = document.head.appendChild(document.createElement('style'));
    sheet.textContent = '.gone { display: none }';
    box.className = 'gone';
    expect(getComputedStyle(box).display).toBe('none');
    sheet.remove();
    expect(getComputedStyle(box).display).toBe('inline-block');
    parent.remove();
  });
});
