import { useNavigate, useSearch } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { shallowEqual } from '#client/common/shallow-equal.ts'
import {
  type ConfigureSearch,
  type MachineView,
  nextHistoryMove,
  paramOfStep,
  stepOfParam,
  type SubStep,
} from './configure-history.ts'

/** The configure machine's sub-step from its tags (0 basics, 1 materials, 2 finishes). */
export const subStepOf = (snapshot: {
  hasTag: (tag: 'step-finishes' | 'step-materials') => boolean
}): SubStep => (snapshot.hasTag('step-finishes') ? 2 : snapshot.hasTag('step-materials') ? 1 : 0)

/**
 * Keeps the sub-step and the URL's `?step=` together (decision 0101): a step the shopper reaches in the view is a new
 * history entry; Back, Forward and a reload drive the machine towards the URL's step through its own events (its
 * guards still decide). Returns the machine's sub-step. Each new sub-step starts at the top of the configuration.
 */
export function useConfigureHistory(session: ConfigureSession, section: React.RefObject<HTMLElement | null>) {
  const { configure, pricing } = session
  const search: ConfigureSearch = useSearch({ strict: false })
  const navigate = useNavigate()
  const urlStep = stepOfParam(search.step)
  const machine: MachineView = useSelector(
    configure,
    (snapshot) => ({
      step: subStepOf(snapshot),
      busy: snapshot.hasTag('busy'),
      canForward: snapshot.hasTag('step-basics')
        ? snapshot.can({ type: 'configure.next' })
        : snapshot.can({ type: 'configure.chooseFinishes' }),
      pricing: false,
    }),
    shallowEqual,
  )
  const isPricing = useSelector(pricing, (snapshot) => snapshot.hasTag('calculating'))
  // The URL leads after it changed, until the machine has caught up. At mount it leads only for a configuration on
  // basics: a reload restores onto basics and the URL says where to go; a view opened mid-configuration (a story, a
  // test) puts its step into the URL in place instead.
  const urlLeads = useRef(machine.step === 0)
  const isFirstSync = useRef(true)
  const lastUrlStep = useRef(urlStep)
  useEffect(() => {
    if (lastUrlStep.current === urlStep) return
    lastUrlStep.current = urlStep
    urlLeads.current = true
  }, [urlStep])

  useEffect(() => {
    const move = nextHistoryMove(urlStep, { ...machine, pricing: isPricing }, urlLeads.current)
    const replace = isFirstSync.current
    isFirstSync.current = false
    if (move.kind === 'none') {
      if (urlStep === machine.step) urlLeads.current = false
    } else if (move.kind === 'send') {
      configure.send({ type: move.event })
    } else {
      urlLeads.current = false
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, step: paramOfStep(move.step) }),
        replace: move.replace || replace,
        resetScroll: false,
      })
    }
  }, [urlStep, machine, isPricing, configure, navigate])

  // Each sub-step starts at its top (issue 14, item 10): only when the top is scrolled out of view.
  const shownStep = useRef(machine.step)
  useEffect(() => {
    if (shownStep.current === machine.step) return
    shownStep.current = machine.step
    const element = section.current
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' })
  }, [machine.step, section])

  return machine.step
}
