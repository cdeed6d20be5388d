import { randomBytes } from 'node:crypto'

/**
 * A new id for a user-facing row: 128 random bits as base64url (22 characters). Unguessable, so an id in a URL
 * is not an invitation to enumerate (commerce-reliability check 38); see docs/decisions/0013-ids.md.
 */
export function newId(): string {
  return randomBytes(16).toString('base64url')
}
