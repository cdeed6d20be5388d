import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { BasicsStep } from './basics-step.tsx'
import { FinishesStep, MaterialsStep } from './choice-steps.tsx'
import { PreviewTabs } from './preview-tabs.tsx'
import { PriceSummaryBar } from './price-summary-bar.tsx'
import { ScaleControls } from './scale-controls.tsx'
import { useConfigureHistory } from './use-configure-history.ts'
import { useNarrowLayout } from './use-narrow-layout.ts'
import { warmUpConfigureForm } from './warm-up.ts'
import './configure.css'

// When this chunk arrives (during the upload and analysis), not when the form renders: see warm-up.ts.
warmUpConfigureForm()

const SUB_STEPS = [
  msg`Grunddaten`,
  msg`Material`,
  msg`Oberfläche`,
] as const satisfies readonly MessageDescriptor[]

/**
 * The checkout hero in the configure step (spec part 1 §2): the preview tabs and the scale on one side, the current
 * sub-step (0 basics, 1 materials, 2 finishes, from the configure machine's tags, mirrored in the URL) on the other, and "choose a
 * different 3D file", which starts a new upload.
 */
export function ConfigureView({ session }: { session: ConfigureSession }) {
  const actors = useAppActors()
  const upload = useSlot(actors.upload)
  const { i18n, t } = useLingui()
  const { configure } = session
  const section = useRef<HTMLElement>(null)
  // The sub-step, kept in the URL so that Back and Forward walk it (issue 14, item 3).
  const step = useConfigureHistory(session, section)
  const name = useSelector(configure, (snapshot) => snapshot.context.name)
  const canChooseOther = useSelector(actors.orderProcess, (snapshot) =>
    snapshot.can({ type: 'order.startUpload' }),
  )
  const current = step + 1
  const showsPriceBar = useNarrowLayout() && step > 0
  const total = SUB_STEPS.length

  return (
    <section ref={section} className="configure" aria-labelledby="configure-title">
      <header className="configure__header">
        <div>
          <h1 id="configure-title">
            <Trans>Modell konfigurieren</Trans>
          </h1>
          <p className="configure__file">{name.trim() || session.file.name}</p>
        </div>
        <button
          type="button"
          className="button"
          disabled={!canChooseOther}
          onClick={() => {
            actors.orderProcess.send({ type: 'order.startUpload' })
            upload.send({ type: 'upload.createNew' })
          }}
        >
          <Trans>Andere 3D-Datei wählen</Trans>
        </button>
      </header>
      <ol className="configure__steps" aria-label={t`Schritt ${current} von ${total}`}>
        {SUB_STEPS.map((label, index) => (
          <li
            key={index}
            className={index === step ? 'is-active' : index < step ? 'is-done' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <span aria-hidden="true">{index + 1}</span> {i18n._(label)}
          </li>
        ))}
      </ol>
      <div className="configure__layout">
        <div className="configure__preview">
          <PreviewTabs session={session} />
          <ScaleControls session={session} showSlider={step > 0} />
        </div>
        <div className="configure__step">
          {step === 0 && <BasicsStep session={session} />}
          {step === 1 && <MaterialsStep session={session} />}
          {step === 2 && <FinishesStep session={session} />}
        </div>
      </div>
      {showsPriceBar && <PriceSummaryBar session={session} />}
    </section>
  )
}
