import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { citySuggestionMachine } from './city-suggestion.machine.ts'

const berlin = { countryCode: 'DE', postalCode: '10115' }
const vienna = { countryCode: 'AT', postalCode: '1010' }

/**
 * Path model of the city suggestion: postal codes typed and cleared, the city typed by the shopper or empty, lookups
 * that find a place, find none or fail.
 */
export const citySuggestionPathModel = definePathModel({
  machine: citySuggestionMachine,
  input: { delayMs: 500 },
  events: [
    { type: 'citySuggestion.postalCodeChanged', query: berlin },
    { type: 'citySuggestion.postalCodeChanged', query: vienna },
    { type: 'citySuggestion.postalCodeCleared' },
    { type: 'citySuggestion.cityChanged', city: '' },
    { type: 'citySuggestion.cityChanged', city: 'Potsdam' },
    doneEvent('lookUpCity', 'Berlin'),
    doneEvent('lookUpCity', null),
    errorEvent('lookUpCity'),
    ...afterEvents(citySuggestionMachine),
  ],
})
