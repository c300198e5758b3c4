import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mayMatch, subjectRequirements } from './jsdom-styles.ts';

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

// Elements of every kind jsdom's default style sheet names, in the states its rules look at.
const ZOO = `
  <div dir="rtl"><span>a</span><p>b</p><bdi>c</bdi><bdo dir="ltr">d</bdo></div>
  <a href="/x">link</a><a>anchor</a><map><area href="/y" alt="y"></map><q>q</q><abbr title="t">t</abbr>
  <nobr>n<wbr>o</nobr><pre dir="auto">p</pre><textarea dir="auto"></textarea>
  <form><fieldset><legend align="center">l</legend>
    <input><input type="hidden"><input type="checkbox"><input type="radio"><input type="tel" dir="auto">
    <input type="search" dir="auto"><input type="image" alt="i"><input type="range"><input type="file">
    <input type="submit"><input type="reset"><input type="color"><input type="email" dir="auto">
    <button>b</button><select><option>o</option></select></fieldset></form>
  <dialog>closed</dialog><dialog open>open</dialog>
  <details open><summary>s</summary>d</details><details><summary>s</summary><summary>t</summary></details>
  <table rules="rows" frame="void"><colgroup><col><col hidden></colgroup><thead hidden><tr><th>h</th></tr></thead>
    <tbody><tr><td>c</td></tr><tr hidden><td>d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>
  <ul><li><ol><li><menu><li><dir><li><dl><dt>t</dt><dd>d</dd></dl></li></dir></li></menu></li></ol></li></ul>
  <img alt="" sizes="auto"><embed hidden><div hidden>h</div><div hidden="until-found">u</div><div popover>p</div>
  <h1>h</h1><hr><br><iframe title="f"></iframe><video></video><audio></audio><my-widget>w</my-widget>
  <svg><rect></rect><a href="/z"><text>t</text></a></svg>
`;

function defaultSheetSelectors() {
  const css = readFileSync(createRequire(import.meta.url).resolve('jsdom/lib/jsdom/browser/default-stylesheet.css'), 'utf8');
  const style = document.head.appendChild(document.createElement('style'));
  style.textContent = css;
  const selectors: string[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
      else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  walk(style.sheet!.cssRules);
  style.remove();
  return selectors;
}

const matchesOrNot = (element: Element, selector: string) => {
  try {
    return element.matches(selector);
  } catch {
    return false; // a selector matches() refuses (a pseudo-element) never applies to the element itself
  }
};

describe('a style rule is not matched against an element it cannot match', () => {
  it('skips only rules that do not match, for every rule of the default style sheet and every kind of element', () => {
    const selectors = defaultSheetSelectors();
    expect(selectors.length).toBeGreaterThan(100);
    const root = document.body.appendChild(document.createElement('main'));
    root.innerHTML = ZOO;
    const elements = [...root.querySelectorAll('*')];
    root.querySelector('button')!.focus();
    let skipped = 0;
    let pairs = 0;
    for (const selector of selectors) {
      const requirements = subjectRequirements(selector);
      for (const element of elements) {
        pairs++;
        if (!requirements || mayMatch(requirements, element, (e) => e === document.activeElement)) continue;
        skipped++;
        expect(matchesOrNot(element, selector), `${selector} skipped for <${element.localName}>`).toBe(false);
      }
    }
    // Most rules name the element they style: most pairs need no matching.
    expect(skipped / pairs).toBeGreaterThan(0.8);
    root.remove();
  });

  it.each([
    ['table > tr', [{ element: 'tr' }]],
    ['thead, tbody, tfoot, table > tr', [{ element: 'thead' }, { element: 'tbody' }, { element: 'tfoot' }, { element: 'tr' }]],
    ['[hidden]:not([hidden=until-found i]):not(embed)', [{ attribute: 'hidden' }]],
    [':is(dir, menu, ol, ul) :is(dir, menu, ul)', [{ element: 'dir' }, { element: 'menu' }, { element: 'ul' }]],
    [':link:active', [{ attribute: 'href' }]],
    ['q::before', ['never']],
    ['input:not([type=image i], [type=range i])', [{ element: 'input' }]],
    ['img:is([sizes="auto" i], [sizes^="auto," i])', [{ element: 'img' }]],
    ['[title="a,b"], div', [{ attribute: 'title' }, { element: 'div' }]],
    [':focus-visible', ['focused']],
    [':autofill', [{ element: 'input' }, { element: 'select' }, { element: 'textarea' }]],
  ])('reads what %s asks of an element', (selector, requirements) => {
    expect(subjectRequirements(selector)).toEqual(requirements);
  });

  it.each([
    ['*'],
    ['.gone'],
    [':focus'],
    ['DIV'],
    ['svg|rect'],
    ['[xlink|href]'],
    [':is(ul li)'],
    ['[title="a\\,b"], div'],
    ['div, :hover'],
  ])('matches %s against every element: it does not say which', (selector) => {
    expect(subjectRequirements(selector)).toBeNull();
  });

  it('gives the same computed style with the rules it skips', () => {
    const root = document.body.appendChild(document.createElement('main'));
    root.innerHTML = '<dialog>x</dialog><table><tr hidden><td>c</td></tr></table><a href="/x">l</a><div popover>p</div>';
    const [dialog, tr, link, popover] = ['dialog', 'tr', 'a', '[popover]'].map((s) => root.querySelector(s)!);
    expect(getComputedStyle(dialog).display).toBe('none');
    expect(getComputedStyle(tr).display).toBe('none');
    expect(getComputedStyle(link).color).toBe('rgb(0, 0, 238)');
    expect(getComputedStyle(popover).display).toBe('none');
    expect(getComputedStyle(root.querySelector('td')!).display).toBe('table-cell');
    root.remove();
  });
});
