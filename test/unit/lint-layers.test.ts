import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The lint holds the layers: an import that runs back up fails `npm run lint`. Each case lints one line as if it
// were a file of that layer (nothing is written to the tree).
const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
const layerErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('the lint enforces the layers', () => {
  it.for([
    ['src/machines/journal/fixture.ts', "import { x } from '../../views/journal/JournalPage';"],
    ['src/services/fixture.ts', "import { x } from '../machines/session/session.machine';"],
    ['src/schemas/fixture.ts', "import { x } from '../services/http';"],
    ['src/views/journal/fixture.tsx', "import { x } from '../../../server/db/schema';"],
    ['server/journal/fixture.ts', "import { x } from '../../src/services/http';"],
    ['server/journal/fixture.ts', "import { x } from '../../src/machines/journal/journal.machine';"],
    ['server/storage/fixture.ts', "import { x } from '../http/errors';"],
    ['server/journal/journal.repo.ts', "import { x } from '../http/errors';"],
    ['server/journal/journal.repo.ts', "import { x } from '../../src/views/journal/JournalPage';"],
  ] as const)('refuses %s importing upward: %s', async ([file, code]) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/restricted/);
  });

  it.for([
    ['src/views/journal/fixture.tsx', "import { x } from '../../machines/journal/journal.machine';"],
    ['src/machines/journal/fixture.ts', "import { x } from '../../services/journal.service';"],
    ['src/services/fixture.ts', "import { x } from '../schemas/journal.schema';"],
    ['server/journal/fixture.ts', "import { x } from '../../src/schemas/journal.schema';"],
    ['server/inventory/fixture.ts', "import { x } from '../../src/machines/artwork-life/artwork-life.rules';"],
    ['server/journal/journal.routes.ts', "import { x } from '../http/errors';"],
  ] as const)('lets %s import downward: %s', async ([file, code]) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
