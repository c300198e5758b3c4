import { pgliteTemplateDir } from './test-db';

/**
 * globalSetup of the projects that open PGlite databases or start servers on one: the migrated template they copy
 * (test-db.ts) is made here, once, before any test runs, rather than by whichever test comes first within its hook's
 * time limit. It stays in the temp folder for later runs until a migration or PGlite changes.
 */
export default async function setup() {
  await pgliteTemplateDir();
}
