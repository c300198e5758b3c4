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

describe('the lint keeps queries in repositories', () => {
  const queryErrors = async (filePath: string) => {
    const [result] = await eslint.lintText("import { eq } from 'drizzle-orm';\nexport const used = eq;\n", { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.for(['server/journal/journal.routes.ts', 'server/auth/account-mail.ts', 'server/users/export-contents.ts'])(
    'refuses drizzle-orm in %s',
    async (file) => {
      expect(await queryErrors(file)).toEqual(['Queries live in a *.repo.ts: call a repository function.']);
    },
  );

  it.for(['server/journal/journal.repo.ts', 'server/db/schema.ts'])('lets %s query', async (file) => {
    expect(await queryErrors(file)).toEqual([]);
  });
});

describe('the lint keeps each side to the globals it runs with', () => {
  const globalErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`export const used = ${code};\n`, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-globals').map((m) => m.message);
  };

  it.for([
    ['server/journal/fixture.ts', 'document.title', 'Node'],
    ['scripts/fixture.ts', 'window.location.href', 'Node'],
    ['src/schemas/fixture.ts', 'new DOMParser()', 'Node'],
    ['src/machines/artwork-life/fixture.ts', 'window.location.href', 'Node'],
    ['src/views/journal/fixture.tsx', 'process.env.HOME', 'the browser'],
    ['src/machines/journal/fixture.ts', "Buffer.from('x')", 'the browser'],
    ['src/schemas/fixture.ts', 'process.env.HOME', 'the browser'],
  ] as const)('refuses in %s: %s', async ([file, code, side]) => {
    expect(await globalErrors(file, code)).toEqual([expect.stringContaining(`This runs in ${side}, which has no such global.`)]);
  });

  it.for([
    [
      'server/journal/fixture.ts',
      "[fetch, URL, Blob, structuredClone, AbortController, TextEncoder, crypto, process.env, Buffer.from('x')]",
    ],
    ['src/views/journal/fixture.tsx', '[window.location, document.title, fetch, localStorage, navigator.language, URL]'],
    ['src/schemas/fixture.ts', '[URL, Blob, File, structuredClone, Intl, TextEncoder]'],
  ] as const)('lets %s use %s', async ([file, code]) => {
    expect(await globalErrors(file, code)).toEqual([]);
  });
});

describe('the lint keeps the AT Protocol libraries out of the server start', () => {
  const atprotoErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
    return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  };

  it.for([
    ['server/social/providers/bluesky/bluesky.ts', "import { AtpAgent as x } from '@atproto/api';"],
    ['server/social/providers/bluesky/oauth/oauth-key.ts', "import { JoseKey as x } from '@atproto/oauth-client-node';"],
  ] as const)('refuses a run-time import in %s: %s', async ([file, code]) => {
    expect(await atprotoErrors(file, code)).toEqual([expect.stringMatching(/Loaded on first use/)]);
  });

  it.for([
    ['server/social/providers/bluesky/bluesky.ts', "import type { AtpAgent as x } from '@atproto/api';"],
    ['server/social/providers/bluesky/atproto-libs.ts', "import { AtpAgent as x } from '@atproto/api';"],
  ] as const)('lets %s have %s', async ([file, code]) => {
    expect(await atprotoErrors(file, code)).toEqual([]);
  });
});
