/**
 * Run as its own process (with --expose-gc) by test/unit/malloc-trim.test.ts: fills glibc's heap with small buffers,
 * frees all but every sixteenth, and prints the process's RSS in MB before and after `mallocTrim`. `none` as the
 * argument leaves the trim out, to show what glibc keeps on its own.
 */
import { mallocTrim } from '../../server/memory/malloc-trim';
import { rssOf } from './rss';

const rss = async () => (await rssOf(process.pid)) / 1048576;
const gc = (globalThis as unknown as { gc: () => void }).gc;

// Buffers this small are allocated in glibc's heap, not mapped on their own; those kept pin the space between them.
let buffers = Array.from({ length: 40_000 }, () => Buffer.alloc(1024, 1));
const kept = buffers.filter((_, i) => i % 16 === 0);
buffers = [];
gc();
gc();
await new Promise((r) => setTimeout(r, 500));
const trim = process.argv[2] === 'none' ? () => {} : mallocTrim();
const before = await rss();
trim();
process.stdout.write(JSON.stringify({ before, after: await rss(), kept: kept.length }));
