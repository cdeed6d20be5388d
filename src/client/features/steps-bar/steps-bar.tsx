import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useMatches } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type OrderProcessTag } from '#machines/order-process/order-process.machine.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import './steps-bar.css'

export type StepTag = Extract<OrderProcessTag, `step-${string}`>

const STEPS = [
  { tag: 'step-upload', label: msg`3D-Datei wählen` },
  { tag: 'step-configure', label: msg`Druckverfahren wählen` },
  { tag: 'step-cart', label: msg`Bestellung abschließen` },
] as const satisfies readonly { tag: StepTag; label: MessageDescriptor }[]

/**
 * The three order steps (spec part 1 §2 Layout); the active one comes from the order process tags, unless the page
 * names its step (`staticData.stepsBarStep`). The checkout pages do: they are opened by URL too (a reload, the login's
 * return, a provider's return), where the order process has not walked through the cart and still says 'upload'.
 */
export function StepsBar() {
  const { orderProcess } = useAppActors()
  const { i18n, t } = useLingui()
  const pageStep = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.stepsBarStep)?.staticData.stepsBarStep,
  })
  const processStep = useSelector(
    orderProcess,
    (snapshot) => STEPS.find((step) => snapshot.hasTag(step.tag))?.tag,
  )
  const activeTag = pageStep ?? processStep
  const activeIndex = STEPS.findIndex((step) => step.tag === activeTag)

  return (
    <nav className="steps-bar" aria-label={t`Bestellschritte`}>
      <ol>
        {STEPS.map((step, index) => {
          const number = index + 1
          const state = index === activeIndex ? 'active' : index < activeIndex ? 'done' : 'upcoming'
          return (
            <li
              key={step.tag}
              className={`steps-bar__step steps-bar__step--${state}`}
              aria-current={state === 'active' ? 'step' : undefined}
            >
              <span className="steps-bar__number" aria-hidden="true">
                {number}
              </span>
              <span className="steps-bar__label">
                <span className="visually-hidden">{t`Schritt ${number}:`} </span>
                {i18n._(step.label)}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
