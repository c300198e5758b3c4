/*
 * Two shortcuts through jsdom's getComputedStyle, which the role queries lean on: every getByRole asks it of each
 * candidate and of everything in its accessible name (dom-accessibility-api), and jsdom answers each call by matching
 * every rule of its default style sheet (111 rules) against the element. Profiled, that was a third of a model test's
 * CPU. Both shortcuts give the answers jsdom gives (test/app/jsdom-styles.test.ts):
 *
 * 1. An answer is kept per element until the document changes. jsdom keeps its own style cache and replaces it
 *    whenever an attached node changes; an answer lives only as long as that cache is the same one. Measured: the app
 *    project took 306 s of CPU against 351.
 * 2. A rule is not matched against an element it cannot match. Most rules name the element their selector ends on
 *    (`dialog:not([open])`, `table > tr`) or an attribute it must have (`[hidden]:not(...)`): a <div> is checked
 *    against a handful of rules instead of 111. Measured, run alternately on a machine whose speed drifted: the app
 *    project took 246-277 s of CPU (four runs) against 263-338 s (three).
 * Where jsdom lacks what they rely on, nothing is changed.
 */

type Requirement = { element: string } | { attribute: string } | 'focused' | 'never';

// What an element must be or have for a selector to match it, or null when the selector does not say.
export function subjectRequirements(selector: string): Requirement[] | null {
  // An escape could hide a comma or a bracket from the scan below: such a selector is always matched. Quoted values
  // are emptied first (`[sizes="auto," i]`): nothing in them says which element is matched.
  if (selector.includes('\\')) return null;
  const requirements: Requirement[] = [];
  for (const complex of complexSelectors(selector.replace(/"[^"]*"|'[^']*'/g, '""'))) {
    const subject = lastCompound(complex.trim());
    if (subject === null) return null;
    const requirement = requirementOf(subject);
    if (requirement === null) return null;
    requirements.push(...requirement);
  }
  return requirements;
}

const IDENT = '[a-z][a-z0-9-]*';
function requirementOf(subject: string): Requirement[] | null {
  // jsdom answers getComputedStyle for the element itself, never for a pseudo-element: such a rule never applies.
  if (subject.includes('::')) return ['never'];
  // :link and :visited are a and area elements with an href; :focus-visible the focused element; :autofill a form field.
  if (/^:(link|visited|any-link)(?![a-z-])/.test(subject)) return [{ attribute: 'href' }];
  if (/^:focus-visible(?![a-z-])/.test(subject)) return ['focused'];
  if (/^:autofill(?![a-z-])/.test(subject)) return ['input', 'select', 'textarea'].map((element) => ({ element }));
  const type = new RegExp(`^(${IDENT})(?=$|[.:#[])`).exec(subject);
  if (type) return [{ element: type[1] }];
  // An attribute selector without a namespace: `[hidden]`, `[type=tel i]` (not `[xlink|href]`).
  const attribute = new RegExp(`^\\[\\s*(${IDENT})\\s*(?:\\]|=|[~|^$*]=)`).exec(subject);
  if (attribute) return [{ attribute: attribute[1] }];
  // :is() of element names only: `:is(dir, menu, ul)`.
  const is = new RegExp(`^:is\\(\\s*(${IDENT}(?:\\s*,\\s*${IDENT})*)\\s*\\)`).exec(subject);
  if (is) return is[1].split(',').map((name) => ({ element: name.trim() }));
  return null;
}

// Where `pattern` matches a character outside brackets and parentheses, or null when they do not balance.
function topLevel(text: string, pattern: RegExp): number[] | null {
  const found: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && pattern.test(c)) found.push(i);
    if (depth < 0) return null;
  }
  return depth === 0 ? found : null;
}

// The complex selectors of a list (`thead, table > tr`), or one unsplit when it cannot be told.
function complexSelectors(selector: string): string[] {
  const at = topLevel(selector, /,/) ?? [];
  return [-1, ...at].map((from, i) => selector.slice(from + 1, at[i] ?? selector.length));
}

// The compound selector a complex selector ends on (`tr` in `table > tr`), or null when it cannot be told.
function lastCompound(complex: string): string | null {
  const at = topLevel(complex, /[\s>+~]/);
  return at ? complex.slice((at.at(-1) ?? -1) + 1).trim() || null : null;
}

interface ElementLike {
  localName: string;
  hasAttribute(name: string): boolean;
}
export function mayMatch<E extends ElementLike>(requirements: Requirement[], element: E, isFocused: (element: E) => boolean): boolean {
  return requirements.some((r) => {
    if (r === 'never') return false;
    if (r === 'focused') return isFocused(element);
    return 'element' in r ? element.localName === r.element : element.hasAttribute(r.attribute);
  });
}

// jsdom's own objects behind the public ones.
let implSymbol: symbol | undefined;
const implOf = (object: object) => {
  implSymbol ??= Object.getOwnPropertySymbols(object).find((s) => s.description === 'impl');
  return implSymbol ? (object as Record<symbol, unknown>)[implSymbol] : undefined;
};

interface DocumentImpl {
  _styleCache?: unknown;
  _parsingMode?: string;
  _getDOMSelector?: () => { check: (selector: string, element: ElementImpl, options?: unknown) => { match: boolean } };
}
interface ElementImpl extends ElementLike {
  namespaceURI: string | null;
}

const HTML = 'http://www.w3.org/1999/xhtml';
const installed = Symbol.for('studio.jsdomStyles');

export function speedUpComputedStyle(window: Window & typeof globalThis) {
  const { document } = window;
  const documentImpl = implOf(document) as DocumentImpl | undefined;
  if (!documentImpl || installed in window) return;
  Object.defineProperty(window, installed, { value: true });

  if (documentImpl._styleCache instanceof WeakMap) {
    const computed = window.getComputedStyle.bind(window);
    let epoch: unknown;
    let answers = new WeakMap<Element, CSSStyleDeclaration>();
    window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
      if (pseudoElement || element.ownerDocument !== document) return computed(element, pseudoElement);
      const cache = documentImpl._styleCache;
      if (cache !== epoch) {
        epoch = cache;
        answers = new WeakMap();
      }
      let style = answers.get(element);
      if (!style) answers.set(element, (style = computed(element)));
      return style;
    };
  }

  // jsdom calls check() only to match style rules (computed-style.js); Element.matches and querySelector do not.
  const selectorEngine = documentImpl._getDOMSelector?.();
  if (selectorEngine && documentImpl._parsingMode === 'html' && typeof selectorEngine.check === 'function') {
    const check = selectorEngine.check.bind(selectorEngine);
    const known = new Map<string, Requirement[] | null>();
    const isFocused = (element: ElementImpl) => document.activeElement !== null && implOf(document.activeElement) === element;
    selectorEngine.check = (selector, element, options) => {
      if (element.namespaceURI === HTML) {
        let requirements = known.get(selector);
        if (requirements === undefined) known.set(selector, (requirements = subjectRequirements(selector)));
        if (requirements && !mayMatch(requirements, element, isFocused)) {
          return { match: false };
        }
      }
      return check(selector, element, options);
    };
  }
}
