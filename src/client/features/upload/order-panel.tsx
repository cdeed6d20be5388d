import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { UploadPanel } from '#client/features/upload/upload-panel.tsx'
import './order-panel.css'

/**
 * The order process panel's sidebar variant for mobile and tablet (spec part 1 §2 Layout): shown while an order is
 * ongoing and the checkout is open, in the upload step (the header's upload button opened it); closing it ends the
 * upload step. On desktop the home page's upload hero does this.
 */
export function OrderPanel() {
  const { orderProcess } = useAppActors()
  const { t } = useLingui()
  const id = useId()
  const isOpen = useSelector(
    orderProcess,
    (snapshot) =>
      snapshot.context.checkoutOpen && snapshot.hasTag('order-ongoing') && snapshot.hasTag('step-upload'),
  )
  const canClose = useSelector(orderProcess, (snapshot) => snapshot.can({ type: 'order.closeUpload' }))
  if (!isOpen) return null

  return (
    <aside className="order-panel" aria-labelledby={`${id}-title`}>
      <div className="order-panel__header">
        <h2 id={`${id}-title`}>
          <Trans>3D-Datei hochladen</Trans>
        </h2>
        <button
          type="button"
          className="order-panel__close"
          aria-label={t`Bestellbereich schließen`}
          disabled={!canClose}
          onClick={() => orderProcess.send({ type: 'order.closeUpload' })}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <UploadPanel variant="sidebar" />
    </aside>
  )
}
