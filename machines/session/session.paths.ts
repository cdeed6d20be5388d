import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { businessUser, privateUser } from './session.fixtures.ts'
import { sessionMachine } from './session.machine.ts'

/**
 * Path model of the session: logged in (a private and a business customer), logged out and failing refresh calls;
 * logout that works and that fails; a login form's sign-in; an expired session.
 */
export const sessionPathModel = definePathModel({
  machine: sessionMachine,
  input: undefined,
  events: [
    doneEvent('refreshSession', { user: privateUser }),
    doneEvent('refreshSession', { user: null }),
    errorEvent('refreshSession'),
    doneEvent('logout', undefined),
    errorEvent('logout'),
    { type: 'session.logout' },
    { type: 'session.loggedIn', user: businessUser },
    { type: 'session.expired' },
  ],
})
