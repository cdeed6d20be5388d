import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { sessionMachine } from './session.machine.ts'

/** Path model of the session: logged in, logged out and failing refresh calls; logout that works and that fails. */
export const sessionPathModel = definePathModel({
  machine: sessionMachine,
  input: undefined,
  events: [
    doneEvent('refreshSession', { loggedIn: true }),
    doneEvent('refreshSession', { loggedIn: false }),
    errorEvent('refreshSession'),
    doneEvent('logout', undefined),
    errorEvent('logout'),
    { type: 'session.logout' },
    { type: 'session.loggedIn' },
    { type: 'session.expired' },
  ],
})
