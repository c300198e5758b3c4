// Values that globalSetup files provide to tests (`provide` there, `inject` in tests).
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the PostgreSQL server of the server:postgres project (test/support/postgres.global.ts). */
    pgAdminUrl: string;
  }
}
