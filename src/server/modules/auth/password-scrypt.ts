import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * The first password scheme, scrypt N=2^17 r=8 p=1 (128 MiB, about 1–2 s per hash here), kept so that stored
 * `scrypt$N$r$p$salt$hash` hashes still verify: a successful sign-in replaces them with argon2id
 * (docs/decisions/0075-password-hashing-and-sign-in-throttle.md). New hashes are never scrypt.
 */
export const SCRYPT_PREFIX = 'scrypt$'
export interface ScryptParams {
  readonly N: number
  readonly r: number
  readonly p: number
}
const KEY_LENGTH = 32
const SALT_BYTES = 16

function deriveKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 32 * 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url: only for tests of the old scheme and its migration. */
export async function hashScrypt(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await deriveKey(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

export async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || n === undefined || r === undefined || p === undefined || !salt || !hash)
    return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}
