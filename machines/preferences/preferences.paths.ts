import type { Preferences } from '#shared/contracts/preferences.contract.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { preferencesMachine } from './preferences.machine.ts'

const stored: Preferences = {
  isBusinessCustomer: { value: true, isSet: true },
  acceptAttachmentDisclaimer: { value: false, isSet: false },
}

/** Path model of the preferences: nothing stored, something stored, unreadable storage, and every edit. */
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
  ],
})
