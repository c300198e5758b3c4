import { inArray } from 'drizzle-orm';
import type { Db } from './db/database';
import { sharedSettings } from './db/schema';

export type SettingFingerprint = { name: string; fingerprint: string };

/** Records these fingerprints where none is recorded yet: the first instance's stay. */
export async function recordFingerprintsIfAbsent(db: Db, fingerprints: SettingFingerprint[]): Promise<void> {
  await db.insert(sharedSettings).values(fingerprints).onConflictDoNothing();
}

/** The fingerprints recorded for these settings. */
export async function recordedFingerprints(db: Db, names: string[]): Promise<SettingFingerprint[]> {
  return db.select().from(sharedSettings).where(inArray(sharedSettings.name, names));
}
