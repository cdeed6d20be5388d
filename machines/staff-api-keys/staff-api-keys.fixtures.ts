import type { StaffApiKey } from '#shared/contracts/staff-catalogue.contract.ts'
import type { KeyChange } from './staff-api-keys.machine.ts'

/** Plain data the API keys' paths, tests and stories share. */

export const WHITE_LABEL_ID = 'wl_partner_00000000001'

export const liveKey: StaffApiKey = {
  id: 'apikey_live_0000000001',
  label: 'Shop',
  lastFour: 'x7Qa',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: null,
  revoked: false,
  active: true,
}

export const revokedKey: StaffApiKey = {
  id: 'apikey_old_00000000001',
  label: 'Alt',
  lastFour: 'k2Pz',
  createdAt: '2026-10-01T09:00:00.000Z',
  expiresAt: null,
  revoked: true,
  active: false,
}

export const apiKeys: readonly StaffApiKey[] = [liveKey, revokedKey]

const newKey: StaffApiKey = { ...liveKey, id: 'apikey_new_00000000001', label: 'Staging', lastFour: 'Zz9f' }
export const SECRET = 'swk_Zq3v0JmQ1o2cR8wYbT5nE4hL6kP9sA7dZz9f'

export const created: KeyChange = { key: SECRET, apiKey: newKey, apiKeys: [newKey, ...apiKeys] }
export const rotated: KeyChange = {
  key: SECRET,
  apiKey: { ...newKey, label: 'Shop' },
  apiKeys: [{ ...newKey, label: 'Shop' }, { ...liveKey, expiresAt: '2026-11-27T10:00:00.000Z' }, revokedKey],
}
export const afterRevoke: readonly StaffApiKey[] = [{ ...liveKey, revoked: true, active: false }, revokedKey]

export const unavailable = Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
