/**
 * Run as its own process by test/unit/collect-when-quiet.test.ts, since the V8 flags it sets hold for the whole
 * process: a burst of work leaves some 40 MB of V8's heap as garbage, the studio falls quiet (`quiet`), and, with
 * `busy` as the argument, work comes back at once. Prints V8's committed heap, in MB, right after the quiet
 * collection and 12 s later (past the memory reducer's look, 8 s after a full collection).
 */
import v8 from 'node:v8';
import { leanWhenQuiet } from '../../server/memory/collect-when-quiet';

const committed = () => v8.getHeapStatistics().total_heap_size / 1048576;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const collector = leanWhenQuiet();

// Objects that live long enough to reach V8's old generation, then are let go.
let kept: object[][] = [];
for (let round = 0; round < 40; round++) {
  kept.push(Array.from({ length: 20_000 }, (_, i) => ({ i, label: `item ${round} ${i}` })));
  await sleep(5);
}
kept = [];
// A server at rest still allocates a little (timers, polling): about 0.2 MB/s here.
let sink: unknown;
const idle = setInterval(() => (sink = Array.from({ length: 2000 }, (_, i) => ({ i }))), 100);

collector.quiet();
if (process.argv[2] === 'busy') collector.busy();
await sleep(1000);
const afterCollection = committed();
await sleep(11_000);
clearInterval(idle);
process.stdout.write(JSON.stringify({ afterCollection, later: committed(), sink: Boolean(sink) }));
