import crypto from 'node:crypto';
import { CERTIFICATE_NUMBER } from '../../src/schemas/paperwork.schema';

/**
 * A certificate's number names its piece and is signed with the server's key, so a number cannot be made up from a
 * piece id alone and nothing has to be stored: the same piece always gets the same number.
 */
export function certificateNumbers(key: string) {
  const sign = (hex: string) => crypto.createHmac('sha256', key).update(hex).digest('hex').slice(0, 12).toUpperCase();
  return {
    of(pieceId: string): string {
      const hex = pieceId.replaceAll('-', '').toUpperCase();
      return `${hex}-${sign(hex)}`;
    },
    /** The piece id a well-formed, correctly signed number names, else null. */
    open(number: string): string | null {
      const upper = number.trim().toUpperCase();
      if (!CERTIFICATE_NUMBER.test(upper)) return null;
      const [hex, signature] = upper.split('-');
      const expected = sign(hex);
      if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
      const h = hex.toLowerCase();
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}

export type CertificateNumbers = ReturnType<typeof certificateNumbers>;
