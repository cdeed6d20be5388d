import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import { newId } from '#server/db/ids.ts'
import { hashScrypt } from '#server/modules/auth/password-scrypt.ts'
import { ARGON2_PARAMS, hashPassword, needsRehash, verifyPassword } from '#server/modules/auth/password.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(async () => {
  await t.close()
})

async function insertUser(passwordHash: string): Promise<{ id: string; username: string }> {
  const id = newId()
  const username = `hashing-${id.slice(0, 8)}`
  await t.db.query(
    `INSERT INTO users (id, username, email, password_hash, role) VALUES ($1, $2, $3, $4, 'customer')`,
    [id, username, `${username}@example.test`, passwordHash],
  )
  return { id, username }
}

async function storedHash(id: string): Promise<string> {
  const { rows } = await t.db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [id],
  )
  return rows[0]!.password_hash
}

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: SIGN_IN_PATH, payload: { username, password } })

describe('password hashes', () => {
  it('are argon2id m=19 MiB t=2 p=1 and verify only the right password', async () => {
    const stored = await hashPassword('correct horse')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword('correct horse', stored)).toBe(true)
    expect(await verifyPassword('correct hors', stored)).toBe(false)
    expect(needsRehash(stored)).toBe(false)
  })

  it('from weaker argon2id parameters or the old scrypt scheme are due for a rehash', async () => {
    expect(needsRehash(await hashPassword('pw', { ...ARGON2_PARAMS, memoryCost: 1024 }))).toBe(true)
    expect(needsRehash(await hashScrypt('pw', { N: 2 ** 10, r: 8, p: 1 }))).toBe(true)
    expect(await verifyPassword('pw', 'not-a-hash')).toBe(false)
    expect(await verifyPassword('pw', '$argon2id$broken')).toBe(false)
  })
})

describe('signing in with an old scrypt hash', () => {
  it('succeeds and stores an argon2id hash of the same password in its place', async () => {
    const legacy = await hashScrypt('old-password-1', { N: 2 ** 12, r: 8, p: 1 })
    const user = await insertUser(legacy)

    const response = await signIn(user.username, 'old-password-1')
    expect(response.statusCode).toBe(200)

    const rehashed = await storedHash(user.id)
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword('old-password-1', rehashed)).toBe(true)
    expect((await signIn(user.username, 'old-password-1')).statusCode).toBe(200)
    expect(await storedHash(user.id)).toBe(rehashed)
  })

  it('with a wrong password answers 401 and keeps the old hash', async () => {
    const legacy = await hashScrypt('old-password-2', { N: 2 ** 12, r: 8, p: 1 })
    const user = await insertUser(legacy)
    expect((await signIn(user.username, 'wrong-password')).statusCode).toBe(401)
    expect(await storedHash(user.id)).toBe(legacy)
  })
})
