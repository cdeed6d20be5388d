import { randomBytes } from 'node:crypto'
import { hash, parseOptions, verify } from '@node-rs/argon2'
import { SCRYPT_PREFIX, verifyScrypt } from '#server/modules/auth/password-scrypt.ts'

/**
 * Password hashing with argon2id m=19 MiB t=2 p=1, OWASP's first recommendation (about 45 ms and 20 MB per hash
 * here, against 1–2 s and 128 MiB for the scrypt it replaces; docs/decisions/0075-password-hashing-and-sign-in-
 * throttle.md). The hash is a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) that carries its parameters, so
 * they can be raised later: {@link needsRehash} tells the sign-in to store a fresh hash. Old `scrypt$` hashes still
 * verify. The native add-on (@node-rs/argon2, a prebuilt binary from npm, no install script) runs on Node's libuv
 * pool: callers go through the hashing queue, which keeps most of that pool free for file reads.
 */
export interface Argon2Params {
  /** KiB. */
  readonly memoryCost: number
  readonly timeCost: number
  readonly parallelism: number
}
export const ARGON2_PARAMS: Argon2Params = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 }
const ARGON2ID_PREFIX = '$argon2id$'

/** The default algorithm of @node-rs/argon2 is argon2id; its `Algorithm` is a const enum isolatedModules cannot read. */
export function hashPassword(password: string, params: Argon2Params = ARGON2_PARAMS): Promise<string> {
  return hash(password.normalize('NFKC'), { ...params, outputLen: 32 })
}

/** False for a wrong password and for a stored value of no known scheme. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(SCRYPT_PREFIX)) return verifyScrypt(password, stored)
  if (!stored.startsWith(ARGON2ID_PREFIX)) return false
  try {
    return await verify(stored, password.normalize('NFKC'))
  } catch {
    return false // a malformed stored hash verifies nothing
  }
}

/** True when `stored` is not argon2id with at least the current parameters: a sign-in replaces it. */
export function needsRehash(stored: string, params: Argon2Params = ARGON2_PARAMS): boolean {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return true
  try {
    const current = parseOptions(stored)
    return (
      current.memoryCost < params.memoryCost ||
      current.timeCost < params.timeCost ||
      current.parallelism !== params.parallelism
    )
  } catch {
    return true
  }
}

/** A password for generated accounts: 120 random bits as 20 URL-safe characters (the login form allows 8–20). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url')
}
