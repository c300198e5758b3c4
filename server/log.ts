import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout: one object per event, easy to ship and to grep. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'artist-studio' }, timestamp: pino.stdTimeFunctions.isoTime });
}
