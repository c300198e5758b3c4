import { NotFound, OutOfSpace, Unavailable } from '../errors';

export const OUT_OF_SPACE = 'The server is out of storage space.';
export const CANNOT_WRITE = 'The server cannot store files right now. Please try again later.';

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

/**
 * A disk that is full or no longer writable is the server's state, not a bug: it answers 507 or 503 with a message
 * the artist can act on (and the operator sees in the log), instead of a 500. Other errors pass through unchanged.
 */
export function asStorageFault(err: unknown): unknown {
  switch (codeOf(err)) {
    case 'ENOSPC':
    case 'EDQUOT':
      return Object.assign(new OutOfSpace(OUT_OF_SPACE), { cause: err });
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return Object.assign(new Unavailable(CANNOT_WRITE), { cause: err });
    default:
      return err;
  }
}

/** A file the store was asked to read, copy or move is not there (it was deleted meanwhile). */
export const isMissingFile = (err: unknown) => err instanceof NotFound;
