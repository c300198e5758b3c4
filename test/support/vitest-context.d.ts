// Values that globalSetup files provide to tests (`provide` there, `inject` in tests).
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the PostgreSQL server of the server:postgres project (test/support/postgres.global.ts). */
    pgAdminUrl: string;
    /** The migrated database every test database of the server:postgres project is copied from (postgres.global.ts). */
    pgTemplate?: string;
    /** Where to ask for the run's shared PDS (pds.global.ts; sharedPds() in shared-pds.ts asks). */
    pdsBroker?: string;
  }
}
