import type { AppDeps } from '../context';
import { inventoryUpkeep } from './inventory-upkeep';
import type { Job } from './job';

/** Consignments past their end are mailed to the artist once, and lapsed holds written down (inventory-upkeep.ts). */
export const inventoryJob = (deps: Pick<AppDeps, 'db' | 'outbox'>, everyMs: number): Job => ({
  name: 'inventory upkeep',
  every: everyMs,
  run: () => inventoryUpkeep(deps),
});
