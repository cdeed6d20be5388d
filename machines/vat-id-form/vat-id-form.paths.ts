import { VAT_ID_NOTICE_MS } from '#shared/domain/limits.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { vatIdFormMachine } from './vat-id-form.machine.ts'

/** A value typed, emptied, blank; sends that work and that fail. */
export const vatIdFormPathModel = definePathModel({
  machine: vatIdFormMachine,
  input: {
    account: { mail: 'einkauf@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    noticeDurationMs: VAT_ID_NOTICE_MS,
  },
  events: [
    { type: 'form.change', value: 'ATU12345678' },
    { type: 'form.change', value: '   ' },
    { type: 'form.change', value: '' },
    { type: 'form.submit' },
    doneEvent('submitVatId', { ok: true, id: 'submission-00000000001' }),
    errorEvent('submitVatId'),
  ],
})
