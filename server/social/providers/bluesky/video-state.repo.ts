import type { Db } from '../../../db/database';
import { socialDeliveries } from '../../../db/schema';
import { type DeliveryRow, heldBy } from '../../delivery.repo';

export type VideoColumns = Partial<Pick<DeliveryRow, 'videoState' | 'videoJobId' | 'videoProgress' | 'videoBlob'>>;

/** Records where a delivery's video stands, while this attempt's holder still holds it. */
export const setVideoState = (db: Db, d: DeliveryRow, me: string, change: VideoColumns) =>
  db.update(socialDeliveries).set(change).where(heldBy(d, me));
