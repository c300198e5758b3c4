import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended memory cost (19 MiB, 2 passes).
const options = {
  algorithm: 2 /* Argon2id (a const enum the isolated build cannot import) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no account matches keeps the answer time the same either way. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-for-timing'));
