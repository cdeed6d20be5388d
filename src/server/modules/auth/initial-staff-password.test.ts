import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  deliverInitialStaffPassword,
  INITIAL_STAFF_PASSWORD_FILE,
} from '#server/modules/auth/initial-staff-password.ts'

const account = { username: 'admin', email: 'admin@schichtwerk.local', password: 'Zq8-secret-Pw-123456x' }

describe('the initial staff password', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('is printed on a terminal and written nowhere else', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'staff-pw-'))
    dirs.push(dataDir)
    let out = ''
    const result = deliverInitialStaffPassword(account, {
      dataDir,
      stdoutIsTerminal: true,
      write: (text) => (out += text),
    })
    expect(result).toEqual({ printed: true })
    expect(out).toContain(account.password)
    expect(() => statSync(join(dataDir, INITIAL_STAFF_PASSWORD_FILE))).toThrow()
  })

  it('stays out of collected logs: without a terminal it goes to a file only the owner can read', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'staff-pw-'))
    dirs.push(dataDir)
    let out = ''
    const result = deliverInitialStaffPassword(account, {
      dataDir,
      stdoutIsTerminal: false,
      write: (text) => (out += text),
    })
    const file = join(dataDir, INITIAL_STAFF_PASSWORD_FILE)
    expect(result).toEqual({ file })
    expect(readFileSync(file, 'utf8')).not.toContain('Demo customer')
    expect(out).toBe('')
    expect(readFileSync(file, 'utf8')).toContain(account.password)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('hands over the generated password of the demo customer with the staff password', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'staff-pw-'))
    dirs.push(dataDir)
    let out = ''
    const demo = { username: 'kunde', email: 'kunde@example.test', password: 'demo-generated-password' }
    deliverInitialStaffPassword(
      account,
      { dataDir, stdoutIsTerminal: true, write: (text) => (out += text) },
      demo,
    )
    expect(out).toContain(account.password)
    expect(out).toMatch(/Demo customer[^\n]*\n\s+username: kunde\n\s+password: demo-generated-password/)
  })
})
