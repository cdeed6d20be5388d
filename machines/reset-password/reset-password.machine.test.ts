import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { REDIRECT_AFTER_RESET_MS } from '#shared/domain/limits.ts'
import { resetPasswordMachine } from './reset-password.machine.ts'
import { linkInvalidError, RESET_STORY_CODE } from './reset-password.paths.ts'

type Calls = { requested: string[]; chosen: { uuid: string; password: string }[] }

const start = (
  code: string | null,
  answer: () => Promise<unknown> = async () => ({ status: 'accepted' }),
) => {
  const calls: Calls = { requested: [], chosen: [] }
  const notifyResetSuccess = vi.fn()
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        requestResetLink: fromPromise(async ({ input }) => {
          calls.requested.push(input.email)
          return answer()
        }),
        setNewPassword: fromPromise(async ({ input }) => {
          calls.chosen.push(input)
          return answer()
        }),
      },
      actions: { notifyResetSuccess },
    }),
    { input: { code, redirectDelayMs: 20 } },
  ).start()
  return { actor, calls, notifyResetSuccess }
}

const typeNewPassword = (actor: ReturnType<typeof start>['actor'], password: string, repeat: string) => {
  actor.send({ type: 'form.changePassword', field: 'password', value: password })
  actor.send({ type: 'form.changePassword', field: 'repeat', value: repeat })
}

describe('resetPasswordMachine: request mode', () => {
  it('asks for a valid e-mail and then always shows the one neutral answer', async () => {
    const { actor, calls } = start(null)
    expect(actor.getSnapshot().hasTag('request')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send({ type: 'form.changeEmail', value: 'ada@' })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send({ type: 'form.changeEmail', value: ' ada@example.org ' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('sent'))
    expect(calls.requested).toEqual(['ada@example.org'])
  })

  it('keeps the e-mail and shows the generic warning when the call fails', async () => {
    const { actor } = start(null, async () => {
      throw new Error('offline')
    })
    actor.send({ type: 'form.changeEmail', value: 'ada@example.org' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().context).toMatchObject({ email: 'ada@example.org', error: 'internal_error' })
    expect(actor.getSnapshot().hasTag('sent')).toBe(false)
  })
})

describe('resetPasswordMachine: choose-new-password mode', () => {
  it('enables submit only for 8 to 20 characters repeated identically', () => {
    const { actor } = start(RESET_STORY_CODE)
    const canSubmit = () => actor.getSnapshot().can({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('choose')).toBe(true)
    typeNewPassword(actor, '1234567', '1234567')
    expect(canSubmit()).toBe(false)
    typeNewPassword(actor, '12345678', '12345679')
    expect(canSubmit()).toBe(false)
    typeNewPassword(actor, 'x'.repeat(21), 'x'.repeat(21))
    expect(canSubmit()).toBe(false)
    typeNewPassword(actor, 'mit Leerzeichen', 'mit Leerzeichen')
    expect(canSubmit()).toBe(true)
  })

  it('sends the code with the password, notifies and is done after the redirect delay', async () => {
    const { actor, calls, notifyResetSuccess } = start(RESET_STORY_CODE)
    typeNewPassword(actor, 'neues-Passwort-1', 'neues-Passwort-1')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('succeeded'))
    expect(calls.chosen).toEqual([{ uuid: RESET_STORY_CODE, password: 'neues-Passwort-1' }])
    expect(notifyResetSuccess).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().status).toBe('active')
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(actor.getSnapshot().hasTag('done')).toBe(true)
  })

  it('empties both password fields after a failure and shows the generic warning', async () => {
    const { actor, notifyResetSuccess } = start(RESET_STORY_CODE, async () => {
      throw Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
    })
    typeNewPassword(actor, 'neues-Passwort-1', 'neues-Passwort-1')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().context).toMatchObject({
      password: '',
      repeat: '',
      error: 'service_unavailable',
    })
    expect(actor.getSnapshot().hasTag('choose')).toBe(true)
    expect(notifyResetSuccess).not.toHaveBeenCalled()
  })

  it('says the link was used or has expired when the server does not know the code', async () => {
    const { actor } = start(RESET_STORY_CODE, async () => {
      throw linkInvalidError
    })
    typeNewPassword(actor, 'neues-Passwort-1', 'neues-Passwort-1')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('link-invalid'))
    expect(actor.getSnapshot().context).toMatchObject({ password: '', repeat: '' })
  })

  it('treats a malformed code as an invalid link without asking the server', () => {
    const { actor, calls } = start('nicht-43-zeichen')
    expect(actor.getSnapshot().hasTag('link-invalid')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    expect(calls.chosen).toEqual([])
  })

  it('uses the shop’s 3 s redirect delay as input', () => {
    expect(REDIRECT_AFTER_RESET_MS).toBe(3_000)
  })
})
