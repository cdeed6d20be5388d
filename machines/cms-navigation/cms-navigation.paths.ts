import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { cmsNavigationMachine } from './cms-navigation.machine.ts'

const EMPTY_NAVIGATION = { main: [], top: [], footerleft: [], footerright: [] }

/** Path model of the CMS menus: loaded, failed, and reloaded in another language from every state. */
export const cmsNavigationPathModel = definePathModel({
  machine: cmsNavigationMachine,
  input: { lang: 'de' },
  events: [
    doneEvent('loadNavigation', EMPTY_NAVIGATION),
    errorEvent('loadNavigation'),
    { type: 'navigation.load', lang: 'en' },
  ],
})
