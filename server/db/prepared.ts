import type { Db } from './database';

/**
 * A statement built once per database and then only executed: for the queries the delivery worker polls with several
 * times a second, where building the SQL each time was most of what an idle server allocated.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
