import { cleanup, fireEvent, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseScaleField, scaleFieldText } from '#client/features/configure/scale-controls.tsx'
import { type ConfigureStoryState } from '#client/testing/story-states.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

async function configure(state: ConfigureStoryState = 'materials:pm-1') {
  const rendered = await renderApp({ path: '/', configure: { state, pricing: 'printable' } })
  const field = (await screen.findByRole('spinbutton', { name: 'Skalierung' })) as HTMLInputElement
  const session = rendered.actors.configuration.get()
  if (!session) throw new Error('no configuration')
  const context = () => session.configure.getSnapshot().context
  return { ...rendered, field, context, pricing: session.pricing }
}

describe('scale field rules', () => {
  it('shows the scale rounded to 4 decimals, and nothing for 0', () => {
    expect(scaleFieldText(1.234567)).toBe('1.2346')
    expect(scaleFieldText(2)).toBe('2')
    expect(scaleFieldText(0)).toBe('')
    expect(parseScaleField('  ')).toBeNull()
    expect(parseScaleField('0.5')).toBe(0.5)
  })

  it('sets the scale as it is typed and shows the new size', async () => {
    const { field, context } = await configure()
    await userEvent.clear(field)
    await userEvent.type(field, '2.5')
    expect(context().scale).toBe(2.5)
    expect(screen.getByText('Größe: 100,00 × 50,00 × 25,00 mm')).toBeTruthy()
  })

  it('an empty field is scale 0: no price, no printability message', async () => {
    const { field, context } = await configure()
    await userEvent.clear(field)
    expect(context().scale).toBe(0)
    expect(document.querySelector('.printability')?.textContent).toBe('')
    expect(screen.getAllByText('–,–– €').length).toBeGreaterThan(0)
  })

  it('refuses a scale below 0.01 and says so, keeping the last valid one', async () => {
    const { field, context } = await configure()
    await userEvent.clear(field)
    await userEvent.type(field, '0.005')
    expect(screen.getByText('Die Skalierung muss mindestens 0,01 betragen.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    // "0", "0." and "0.00" on the way there were accepted: 0, an empty scale.
    expect(context().scale).toBe(0)
    await userEvent.clear(field)
    await userEvent.type(field, '0.05')
    expect(context().scale).toBe(0.05)
    expect(screen.queryByText('Die Skalierung muss mindestens 0,01 betragen.')).toBeNull()
  })

  it('asks for new prices after a scale change', async () => {
    const { field, pricing } = await configure()
    await userEvent.clear(field)
    await userEvent.type(field, '3')
    expect(pricing.getSnapshot().hasTag('calculating')).toBe(true)
    expect(pricing.getSnapshot().context.request?.objectScale).toBe(3)
  })

  it('a size field sets the scale to the value ÷ the analysed dimension', async () => {
    const { context } = await configure()
    const x = screen.getByRole('spinbutton', { name: 'Größe X in mm' }) as HTMLInputElement
    expect(x.value).toBe('40.00')
    await userEvent.clear(x)
    await userEvent.type(x, '80')
    expect(context().scale).toBe(2)
  })

  it('the slider runs from 0.1 to 10 in steps of 0.1 and is throttled to 50 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { context } = await configure()
      const slider = screen.getByRole('slider', { name: 'Skalierung anpassen' }) as HTMLInputElement
      expect([slider.min, slider.max, slider.step]).toEqual(['0.1', '10', '0.1'])
      fireEvent.change(slider, { target: { value: '2' } })
      fireEvent.change(slider, { target: { value: '3' } })
      fireEvent.change(slider, { target: { value: '4' } })
      // The first value at once, the last one after the throttle interval.
      expect(context().scale).toBe(2)
      await vi.advanceTimersByTimeAsync(60)
      expect(context().scale).toBe(4)
    } finally {
      vi.useRealTimers()
    }
  })

  it('changing the unit reads the same numbers in the new unit', async () => {
    const { context } = await configure()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Einheit' }), 'cm')
    expect(context().unit).toBe('cm')
    expect(screen.getByText('Größe: 40,00 × 20,00 × 10,00 cm')).toBeTruthy()
  })
})

describe('unit suggestion', () => {
  it('suggests inches for a tiny model and switches with one click', async () => {
    const { context } = await configure('basics:repair')
    const notice = screen.getByText('Wurde Ihr Modell in Zoll gezeichnet?').closest('.notice')
    expect(notice?.textContent).toContain('0,24 × 0,20 × 0,10 mm')
    expect(notice?.textContent).toContain('0,24 × 0,20 × 0,10 Zoll (6,10 × 5,08 × 2,54 mm)')
    await userEvent.click(screen.getByRole('button', { name: 'Auf Zoll umstellen' }))
    expect(context().unit).toBe('inch')
    expect(screen.queryByText('Wurde Ihr Modell in Zoll gezeichnet?')).toBeNull()
  })

  it('the next button waits for the repair agreement', async () => {
    const { context } = await configure('basics:repair')
    const next = screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement
    expect(next.disabled).toBe(true)
    await userEvent.click(screen.getByRole('checkbox', { name: /Mein Modell wurde automatisch repariert/ }))
    expect(context().acknowledgedRepairInfo).toBe(true)
    expect(next.disabled).toBe(false)
  })
})
