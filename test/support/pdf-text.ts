import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const run = promisify(execFile);

/**
 * A PDF answer read back as a person reads it: poppler's pdftotext, each page's text with spaces folded. Checks that
 * it is a PDF first.
 */
export async function pdfRead(res: Response): Promise<{ text: string; pages: string[]; bytes: Buffer }> {
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const child = run('/usr/bin/pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' });
  child.child.stdin?.end(bytes);
  const pages = (await child).stdout
    .split('\f')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return { text: pages.join(' '), pages, bytes };
}

export const pdfText = async (res: Response) => (await pdfRead(res)).text;
