import type { Preferences } from '#shared/contracts/preferences.contract.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { preferencesMachine } from './preferences.machine.ts'

const stored: Preferences = {
  isBusinessCustomer: { value: true, isSet: true },
  acceptAttachmentDisclaimer: { value: false, isSet: false },
}

/**
 * Path model of the preferences: nothing stored, something stored, unreadable storage, every edit, and the account
 * of a logged-in user (arriving while loading or later, saving a change, a failed save, logging out while saving).
 */
export const preferencesPathModel = definePathModel({
  machine: preferencesMachine,
  input: undefined,
  events: [
    doneEvent('loadPreferences', null),
    doneEvent('loadPreferences', stored),
    errorEvent('loadPreferences'),
    { type: 'preferences.setBusinessCustomer', value: true },
    { type: 'preferences.setBusinessCustomer', value: false },
    { type: 'preferences.acceptAttachmentDisclaimer' },
    { type: 'preferences.accountLoaded', isBusinessCustomer: true },
    { type: 'preferences.accountCleared' },
    doneEvent('saveAccountPreferences', {}),
    errorEvent('saveAccountPreferences'),
  ],
})
