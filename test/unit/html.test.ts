import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../server/html/document';
import { html, joinHtml, trustedHtml } from '../../server/html/html';
import { inlineStyle } from '../../server/html/style';

/** The places raw markup may enter a server-rendered page, each with the comment that says why it is safe. */
const REVIEWED_TRUSTED_HTML = ['server/html/document.ts', 'server/site/seo.ts'];

const serverFiles = (dir = 'server'): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? serverFiles(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });

describe('the html tag', () => {
  it('escapes text in content and in attributes, and leaves markup it made as it is', () => {
    const name = `<b>"Tom" & 'Jerry'</b>`;
    const link = html`<a href="${'/p?a=1&b="2"'}">${name}</a>`;
    expect(String(html`<p>${link}</p>`)).toBe(
      '<p><a href="/p?a=1&amp;b=&quot;2&quot;">&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</a></p>',
    );
  });

  it('joins lists with nothing, prints numbers, and leaves out false, null and undefined', () => {
    expect(String(html`<ul>${['a', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`)).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(String(html`${0}|${false}|${null}|${undefined}|${''}`)).toBe('0||||');
  });

  it('turns markup back into text when it is glued to a string with +, so it is escaped again rather than trusted', () => {
    const glued = 'x' + html`<i>y</i>`;
    expect(String(html`${glued}`)).toBe('x&lt;i&gt;y&lt;/i&gt;');
  });

  it('joinHtml puts the separator between the parts that are not empty', () => {
    expect(String(joinHtml([html`<a>`, false, '', undefined, html`<b>`, 'c&d']))).toBe('<a>\n<b>\nc&amp;d');
    expect(String(joinHtml([html`<a>`, html`<b>`], ''))).toBe('<a><b>');
  });
});

describe('the document shell', () => {
  const style = inlineStyle('body{font-family:"Iowan Old Style",serif}p>a{color:red}');

  it('writes the stylesheet byte for byte, so the hash its CSP carries is of what the browser reads', () => {
    const page = renderDocument({ head: html`<title>${'A & B'}</title>`, style, body: html`<p>Hi</p>` });
    expect(page).toBe(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A &amp; B</title>
<style>body{font-family:"Iowan Old Style",serif}p>a{color:red}</style>
</head>
<body>
<p>Hi</p>
</body>
</html>
`);
    expect(style.source).toBe(`'sha256-${createHash('sha256').update(style.css).digest('base64')}'`);
  });

  it('adds the colour scheme, the icon (escaped) and noindex in that order, when asked', () => {
    const page = renderDocument({
      head: html`<title>T</title>`,
      style,
      body: html``,
      colorScheme: true,
      icon: '/i.svg?a&b',
      noindex: true,
    });
    expect(page).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="/i.svg?a&amp;b" type="image/svg+xml">
<meta name="robots" content="noindex">
<title>T</title>`);
  });
});

describe('raw markup on the server', () => {
  const files = serverFiles().map((f) => ({ file: f.split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));

  it('enters only through trustedHtml, at the reviewed places', () => {
    const rawImports = files.filter((f) => /import\s*{[^}]*\braw\b[^}]*}\s*from\s*'hono\/(utils\/)?html'/.test(f.text));
    expect(rawImports.map((f) => f.file)).toEqual(['server/html/html.ts']);
    const callers = files.filter((f) => f.file !== 'server/html/html.ts' && /\btrustedHtml\(/.test(f.text));
    expect(callers.map((f) => f.file).sort()).toEqual(REVIEWED_TRUSTED_HTML);
  });

  it('has no hand-written escaping left: the html tag does it', () => {
    expect(files.filter((f) => /escapeHtml\(|\bescape\(/.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('is what trustedHtml makes: its text is not escaped, which is why where it is called is reviewed', () => {
    expect(String(html`${trustedHtml('<b>')}`)).toBe('<b>');
  });
});
