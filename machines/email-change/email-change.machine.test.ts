import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { linkInvalidError, RESET_STORY_CODE } from '#machines/reset-password/reset-password.paths.ts'
import { emailChangeMachine } from './email-change.machine.ts'

const start = (confirmCode: string | null, answer: () => Promise<unknown> = async () => ({})) => {
  const sent: string[] = []
  const confirmed: string[] = []
  const actor = createActor(
    emailChangeMachine.provide({
      actors: {
        requestEmailChange: fromPromise(async ({ input }) => {
          sent.push(input.email)
          return answer()
        }),
        confirmEmailChange: fromPromise(async ({ input }) => {
          confirmed.push(input.uuid)
          return answer()
        }),
      },
    }),
    { input: { confirmCode } },
  ).start()
  return { actor, sent, confirmed }
}

describe('emailChangeMachine: the form', () => {
  it('cannot send a blank or malformed address', () => {
    const { actor } = start(null)
    const canSubmit = () => actor.getSnapshot().can({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(canSubmit()).toBe(false)
    actor.send({ type: 'form.changeEmail', value: '   ' })
    expect(canSubmit()).toBe(false)
    actor.send({ type: 'form.changeEmail', value: 'neu@' })
    expect(canSubmit()).toBe(false)
    actor.send({ type: 'form.changeEmail', value: 'neu@example.org' })
    expect(canSubmit()).toBe(true)
  })

  it('sends the trimmed address and shows the success screen (the change waits for the link)', async () => {
    const { actor, sent } = start(null)
    actor.send({ type: 'form.changeEmail', value: ' neu@example.org ' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('sent'))
    expect(sent).toEqual(['neu@example.org'])
  })

  it('keeps the address and shows the generic warning when sending fails', async () => {
    const { actor } = start(null, async () => {
      throw new Error('offline')
    })
    actor.send({ type: 'form.changeEmail', value: 'neu@example.org' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().context).toMatchObject({ email: 'neu@example.org', error: 'internal_error' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
  })
})

describe('emailChangeMachine: the confirmation link', () => {
  it('confirms the code from the link', async () => {
    const { actor, confirmed } = start(RESET_STORY_CODE)
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('confirmed'))
    expect(confirmed).toEqual([RESET_STORY_CODE])
  })

  it('says the link is invalid or expired when the server does not know it', async () => {
    const { actor } = start(RESET_STORY_CODE, async () => {
      throw linkInvalidError
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('link-invalid'))
    expect(actor.getSnapshot().can({ type: 'confirm.retry' })).toBe(false)
  })

  it('offers a retry after another failure', async () => {
    let fail = true
    const { actor, confirmed } = start(RESET_STORY_CODE, async () => {
      if (fail) throw Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
      return {}
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'))
    expect(actor.getSnapshot().context.error).toBe('service_unavailable')
    fail = false
    actor.send({ type: 'confirm.retry' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('confirmed'))
    expect(confirmed).toHaveLength(2)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('does not ask the server about a malformed code', () => {
    const { actor, confirmed } = start('abc')
    expect(actor.getSnapshot().hasTag('link-invalid')).toBe(true)
    expect(confirmed).toEqual([])
  })
})
