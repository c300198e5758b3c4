import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The live panel sees only the actors created with the QA inspect option: a new page machine must not be missed.
// The studio's own views (src/views/qa) are left out on purpose: QA watches the app, not the studio watching it.
const files = [
  'src/app.ts',
  ...readdirSync('src/views', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`qa${path.sep}`))
    .map((f) => path.join('src/views', f)),
];

describe('every actor the app creates reports to the QA studio', () => {
  it.each(files.filter((f) => /\b(useActorRef|createActor)\(/.test(readFileSync(f, 'utf8'))))('%s', (file) => {
    const calls = readFileSync(file, 'utf8').match(/\b(?:useActorRef|createActor)\([^;]*\);/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call, `${file}: ${call}`).toContain('qaInspect');
  });
});
