/** The delivery worker as the rest of the server sees it (server/worker/worker.ts builds it). */
export interface DeliveryWorker {
  /** This process's name in leases: host, pid and a random part. */
  id: string;
  start(): void;
  /** Stops claiming, lets attempts in flight finish for a moment, then gives back the leases still held. */
  stop(): Promise<void>;
  /** Tries these deliveries now (those still due and not taken), waiting at most `waitMs`; the rest go on in the background. */
  deliverNow(ids: string[], waitMs?: number): Promise<void>;
  /** One round of the loop, for tests that drive the worker by hand; waits for the attempts it started. */
  runOnce(): Promise<void>;
}
