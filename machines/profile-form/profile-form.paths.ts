import { definePathModel, doneEvent, errorEvent, type PathEvent } from '#tests/graph/path-testing.ts'
import { businessDetails, emptyDetails, privateDetails, profileCountries } from './profile-form.fixtures.ts'
import { profileFormMachine } from './profile-form.machine.ts'

const editEvents: PathEvent<typeof profileFormMachine>[] = [
  { type: 'profile.changePhone', value: '0221 987654' },
  { type: 'profile.changePhone', value: '0'.repeat(16) },
  { type: 'profile.changeAddress', part: 'billing', field: 'firstname', value: '' },
  { type: 'profile.changeAddress', part: 'billing', field: 'firstname', value: 'Erika' },
  { type: 'profile.setShippingDiffers', differs: true },
  { type: 'profile.setShippingDiffers', differs: false },
  { type: 'profile.changeAddress', part: 'shipping', field: 'firstname', value: 'Max' },
  { type: 'profile.save' },
  doneEvent('saveProfile', privateDetails),
  errorEvent('saveProfile'),
]

/** A private customer: load (and its failure and retry), edit phone, billing and shipping, save or fail. */
export const profileFormPathModel = definePathModel({
  machine: profileFormMachine,
  input: undefined,
  events: [
    doneEvent('loadProfile', { details: privateDetails, countries: profileCountries }),
    errorEvent('loadProfile'),
    { type: 'profile.reload' },
    ...editEvents,
  ],
})

/** A business customer without a company (save disabled until it is there), and an account without addresses. */
export const profileFormBusinessPathModel = definePathModel({
  machine: profileFormMachine,
  input: undefined,
  events: [
    doneEvent('loadProfile', { details: businessDetails, countries: profileCountries }),
    doneEvent('loadProfile', { details: emptyDetails, countries: profileCountries }),
    { type: 'profile.changeAddress', part: 'billing', field: 'company', value: 'Werkstatt GmbH' },
    { type: 'profile.save' },
  ],
})
