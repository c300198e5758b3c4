// Creates the embedded database in the directory given, then exits (see openPgliteDir: initdb's memory leaves with
// this process).
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_SETTINGS } from './pglite-open';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-create <dir>');
const db = await PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS });
await db.query('select 1');
await db.close();
