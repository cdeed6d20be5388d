import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { type CartItem } from '#shared/contracts/cart.contract.ts'
import { type ProcessingStep } from '#shared/contracts/print-modes.contract.ts'

function showModal(dialog: HTMLDialogElement | null) {
  if (!dialog || dialog.open) return
  dialog.showModal()
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
}

/** The steps already chosen for the item, with their option and quantity. */
function ChosenSteps({ item }: { item: CartItem }) {
  if (item.processingSteps.length === 0) return null
  return (
    <ul>
      {item.processingSteps.map((chosen) => (
        <li key={chosen.stepId}>
          {chosen.name}: {chosen.options.find((option) => option._id === chosen.chosenOptionId)?.name ?? '–'}{' '}
          × {chosen.quantity}
        </li>
      ))}
    </ul>
  )
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="button" onClick={onClose}>
      <Trans>Schließen</Trans>
    </button>
  )
}

/** Step, option and quantity; "add" needs an option and a quantity above 0, and only closes (demo). */
function ProcessingStepForm({
  id,
  steps,
  onClose,
}: {
  id: string
  steps: readonly ProcessingStep[]
  onClose: () => void
}) {
  const { t } = useLingui()
  const [stepId, setStepId] = useState(steps[0]?.id ?? '')
  const [optionId, setOptionId] = useState('')
  const [quantity, setQuantity] = useState('1')
  const step = steps.find((candidate) => candidate.id === stepId)
  const canAdd = optionId !== '' && Number(quantity) > 0

  return (
    <form
      className="processing-dialog__form"
      onSubmit={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-step`}>
          <Trans>Bearbeitungsschritt</Trans>
        </label>
        <select
          id={`${id}-step`}
          value={stepId}
          onChange={(event) => {
            setStepId(event.target.value)
            setOptionId('')
          }}
        >
          {steps.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-option`}>
          <Trans>Option</Trans>
        </label>
        <select id={`${id}-option`} value={optionId} onChange={(event) => setOptionId(event.target.value)}>
          <option value="">{t`Bitte wählen`}</option>
          {step?.options.map((option) => (
            <option key={option._id} value={option._id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-quantity`}>
          <Trans>Anzahl</Trans>
        </label>
        <input
          id={`${id}-quantity`}
          type="number"
          min={1}
          step={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </div>
      <div className="processing-dialog__actions">
        <CloseButton onClose={onClose} />
        <button type="submit" className="button button--primary" disabled={!canAdd}>
          <Trans>Hinzufügen</Trans>
        </button>
      </div>
    </form>
  )
}

/**
 * The processing steps of a cart item (spec part 1 §2 cart view, §5): choose a step's option and a quantity; "add"
 * needs an option and a quantity above 0. The spec marks this a non-functional demo, and so does the dialog: nothing
 * is saved.
 */
export function ProcessingStepsDialog({
  item,
  steps,
  onClose,
}: {
  item: CartItem
  steps: readonly ProcessingStep[]
  onClose: () => void
}) {
  const id = useId()
  return (
    <dialog
      ref={showModal}
      className="processing-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={`${id}-title`} tabIndex={-1} data-autofocus>
        <Trans>Nachbearbeitung für {item.model.name}</Trans>
      </h2>
      <p className="notice notice--info">
        <Trans>Demo: Diese Funktion ist eine Vorschau. Ihre Auswahl wird noch nicht gespeichert.</Trans>
      </p>
      <ChosenSteps item={item} />
      {steps.length === 0 ? (
        <>
          <p>
            <Trans>Für dieses Druckverfahren gibt es keine Nachbearbeitung.</Trans>
          </p>
          <div className="processing-dialog__actions">
            <CloseButton onClose={onClose} />
          </div>
        </>
      ) : (
        <ProcessingStepForm id={id} steps={steps} onClose={onClose} />
      )}
    </dialog>
  )
}
