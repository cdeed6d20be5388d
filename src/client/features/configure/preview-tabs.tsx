import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { PreviewStage } from './preview-stage.tsx'
import { RepairDialog } from './repair-dialog.tsx'
import { WallThickness } from './wall-thickness.tsx'

type Tab = 'model' | 'wallThickness' | 'repair'

const tabLabels = {
  model: msg`3D-Ansicht`,
  wallThickness: msg`Wandstärke`,
  repair: msg`Reparaturdaten`,
} as const satisfies Record<Tab, MessageDescriptor>

/**
 * The preview tabs (spec part 1 §2): the 3D view; the wall-thickness picture, hidden when the model was repaired;
 * the repair data, only for a repaired model, with the report in a modal. Arrow keys move between tabs.
 */
export function PreviewTabs({ session, initialTab }: { session: ConfigureSession; initialTab?: Tab }) {
  const { i18n } = useLingui()
  const id = useId()
  const repairInfo = useSelector(session.configure, (snapshot) => snapshot.context.file.repairInfo)
  const file = useSelector(session.configure, (snapshot) => snapshot.context.file)
  const tabs: Tab[] = repairInfo ? ['model', 'repair'] : ['model', 'wallThickness']
  const [chosen, setChosen] = useState<Tab>(initialTab ?? 'model')
  const active = tabs.includes(chosen) ? chosen : 'model'
  const [isReportOpen, setReportOpen] = useState(false)
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const offset = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (offset === 0) return
    event.preventDefault()
    const next = tabs[(tabs.indexOf(active) + offset + tabs.length) % tabs.length] ?? 'model'
    setChosen(next)
    tabRefs.current.get(next)?.focus()
  }

  return (
    <div className="preview-tabs">
      <div
        role="tablist"
        aria-label={i18n._(msg`Vorschau`)}
        className="preview-tabs__list"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabRefs.current.set(tab, element)
              else tabRefs.current.delete(tab)
            }}
            type="button"
            role="tab"
            id={`${id}-${tab}-tab`}
            aria-selected={tab === active}
            aria-controls={`${id}-${tab}-panel`}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => setChosen(tab)}
          >
            {i18n._(tabLabels[tab])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${active}-panel`}
        aria-labelledby={`${id}-${active}-tab`}
        className="preview-tabs__panel"
      >
        {active === 'model' && <PreviewStage session={session} />}
        {active !== 'model' && file.pending === true && <AnalysisPending />}
        {active === 'wallThickness' && file.pending !== true && <WallThickness session={session} />}
        {active === 'repair' && repairInfo && file.pending !== true && (
          <div className="repair-summary">
            <p>
              <Trans>
                Wir haben Ihr Modell automatisch repariert, damit es gedruckt werden kann. Im Reparaturbericht
                sehen Sie, was geändert wurde.
              </Trans>
            </p>
            <button type="button" className="button" onClick={() => setReportOpen(true)}>
              <Trans>Reparaturbericht öffnen</Trans>
            </button>
          </div>
        )}
      </div>
      {isReportOpen && repairInfo && (
        <RepairDialog file={file} repairInfo={repairInfo} onClose={() => setReportOpen(false)} />
      )}
    </div>
  )
}

/**
 * The wall thickness and the pictures of a file measured while its analysis goes on (decision 0124 §2): a skeleton
 * and the spec's "being calculated" text (part 1 §4) until the complete file is there.
 */
function AnalysisPending() {
  return (
    <div className="analysis-pending" role="status">
      <span className="skeleton analysis-pending__picture" aria-hidden="true" />
      <p>
        <Trans>Wandstärke und Ansichten werden berechnet …</Trans>
      </p>
    </div>
  )
}
