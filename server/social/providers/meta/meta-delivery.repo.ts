import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { socialDeliveries, type RemoteSteps } from '../../../db/schema';

/** Stores a delivery's steps on the network, for its current holder only; answers the rows written (none: taken over). */
export const storeRemoteSteps = (db: Db, deliveryId: string, me: string, steps: RemoteSteps) =>
  db
    .update(socialDeliveries)
    .set({ remoteSteps: steps })
    .where(and(eq(socialDeliveries.id, deliveryId), eq(socialDeliveries.lockedBy, me)))
    .returning({ id: socialDeliveries.id });
