import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { passwordChangeMachine, type PasswordChangeField } from './password-change.machine.ts'
import { wrongPasswordError } from './password-change.paths.ts'

const start = (change: () => Promise<unknown> = async () => ({})) => {
  const calls: { oldPassword: string; newPassword: string }[] = []
  const order: string[] = []
  const notifyPasswordChanged = vi.fn(() => order.push('notify'))
  const endSession = vi.fn(() => order.push('endSession'))
  const actor = createActor(
    passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }) => {
          calls.push(input)
          return change()
        }),
      },
      actions: { notifyPasswordChanged, endSession },
    }),
    { input: { redirectDelayMs: 20 } },
  ).start()
  const fill = (values: Record<PasswordChangeField, string>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'form.change', field: field as PasswordChangeField, value })
  }
  return { actor, calls, order, notifyPasswordChanged, endSession, fill }
}

const valid = { oldPassword: 'altes-Passwort', newPassword: 'neues-Passwort-1', repeat: 'neues-Passwort-1' }

describe('passwordChangeMachine', () => {
  it('needs the old password and a new one of 8 to 20 characters repeated identically', () => {
    const { actor, fill } = start()
    const canSubmit = () => actor.getSnapshot().can({ type: 'form.submit' })
    expect(canSubmit()).toBe(false)
    fill({ ...valid, oldPassword: '' })
    expect(canSubmit()).toBe(false)
    fill({ ...valid, repeat: 'neues-Passwort-2' })
    expect(canSubmit()).toBe(false)
    fill({ ...valid, newPassword: 'kurz', repeat: 'kurz' })
    expect(canSubmit()).toBe(false)
    fill(valid)
    expect(canSubmit()).toBe(true)
  })

  it('on success notifies, and only after the delay logs out and is done', async () => {
    const { actor, calls, order, fill } = start()
    fill(valid)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('changed'))
    expect(calls).toEqual([{ oldPassword: 'altes-Passwort', newPassword: 'neues-Passwort-1' }])
    expect(order).toEqual(['notify'])
    expect(actor.getSnapshot().context).toMatchObject({ oldPassword: '', newPassword: '', repeat: '' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(order).toEqual(['notify', 'endSession'])
  })

  it('says the old password is wrong and empties only that field', async () => {
    const { actor, notifyPasswordChanged, fill } = start(async () => {
      throw wrongPasswordError
    })
    fill(valid)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().context).toMatchObject({
      oldPassword: '',
      newPassword: 'neues-Passwort-1',
      repeat: 'neues-Passwort-1',
      wrongPassword: true,
    })
    expect(notifyPasswordChanged).not.toHaveBeenCalled()
    actor.send({ type: 'form.change', field: 'oldPassword', value: 'richtiges-Passwort' })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
  })

  it('keeps every field and shows the generic warning on another failure', async () => {
    const { actor, fill } = start(async () => {
      throw new Error('offline')
    })
    fill(valid)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().context).toMatchObject({
      ...valid,
      wrongPassword: false,
      error: 'internal_error',
    })
  })
})
