import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { artworkLifeMachine } from './artwork-life.machine';
import type { CustodyState, LifeEvent, LifeRecord, SaleState } from './artwork-life.types';

export type LifeSnapshot = SnapshotFrom<typeof artworkLifeMachine>;

/** When an event has no transition at all in the active states (the chart names a reason for every public event). */
export const NOT_NOW = 'This change is not possible now';

/** The chart restored from a record, as of now (a hold whose moment has passed comes back lapsed). Pure. */
export const restoreLife = (record: LifeRecord): LifeSnapshot => initialTransition(artworkLifeMachine, record)[0];

/** The record a snapshot stands for: what the database keeps. */
export function recordOf(snapshot: LifeSnapshot): LifeRecord {
  const value = snapshot.value as { sale: SaleState; custody: CustodyState };
  const { hold, consignmentId, loan, place } = snapshot.context;
  return { sale: value.sale, custody: value.custody, hold, consignmentId, loan, place };
}

export type LifeDecision = { allowed: true; next: LifeSnapshot } | { allowed: false; reason: string };

/** What the chart does with an event, without running anything: the next snapshot, or the reason it refuses. */
export function decide(snapshot: LifeSnapshot, event: LifeEvent): LifeDecision {
  if (!snapshot.can(event)) return { allowed: false, reason: NOT_NOW };
  const [next, actions] = transition(artworkLifeMachine, snapshot, event);
  const refusal = actions.find((a) => a.type === 'refuse');
  if (refusal) return { allowed: false, reason: (refusal.params as { reason: string }).reason };
  return { allowed: true, next };
}

/** The reason the chart refuses an event now, or null when it takes it. */
export function refusalOf(snapshot: LifeSnapshot, event: LifeEvent): string | null {
  const decision = decide(snapshot, event);
  return decision.allowed ? null : decision.reason;
}

/** Restores the record's chart and applies one event: the record it becomes, whether its hold had lapsed, or why not. */
export function applyToRecord(
  record: LifeRecord,
  event: LifeEvent,
): { allowed: true; next: LifeRecord; lapsed: boolean } | { allowed: false; reason: string; lapsed: boolean } {
  const restored = restoreLife(record);
  const lapsed = record.sale === 'reserved' && (restored.value as { sale: SaleState }).sale === 'available';
  const decision = decide(restored, event);
  return decision.allowed ? { allowed: true, next: recordOf(decision.next), lapsed } : { ...decision, lapsed };
}
