import { Trans } from '@lingui/react/macro'
import { type KeyboardEvent, useId, useState } from 'react'
import { type QuantityError, quantityErrorOf } from '#machines/configure/configure.machine.ts'
import { MIN_QUANTITY } from '#shared/domain/limits.ts'

/** The typed text as a quantity: an empty field counts as 0 (below the minimum). */
export const parseQuantity = (text: string): number => (text.trim() === '' ? 0 : Number(text))

export function QuantityErrorText({ error }: { error: QuantityError }) {
  return error === 'not_integer' ? (
    <Trans>Bitte geben Sie eine ganze Zahl ein.</Trans>
  ) : (
    <Trans>Die Menge muss mindestens {MIN_QUANTITY} sein.</Trans>
  )
}

/**
 * A quantity field (spec part 1 §5: minimum 1, whole number, step 1). `mode="live"` sends every change (the configure
 * machine keeps the last valid quantity and says why it refused one); `mode="commit"` sends a valid, changed value on
 * blur or Enter (the cart, where each change is a call).
 */
export function QuantityInput(props: {
  label: string
  value: number
  onChange: (quantity: number) => void
  /** The machine's refusal; in commit mode the field checks itself. */
  error?: QuantityError | null
  mode?: 'live' | 'commit'
  disabled?: boolean
  className?: string
}) {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const [localError, setLocalError] = useState<QuantityError | null>(null)
  const mode = props.mode ?? 'live'
  const error = mode === 'live' ? (props.error ?? null) : localError

  const commit = () => {
    if (draft === null) return
    const quantity = parseQuantity(draft)
    const refused = quantityErrorOf(quantity)
    setLocalError(refused)
    if (refused === null) {
      setDraft(null)
      if (quantity !== props.value) props.onChange(quantity)
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit()
  }

  return (
    <div className={`quantity-input ${props.className ?? ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={MIN_QUANTITY}
        step={1}
        value={draft ?? String(props.value)}
        disabled={props.disabled}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value)
          if (mode === 'live') props.onChange(parseQuantity(event.target.value))
          else setLocalError(null)
        }}
        onBlur={() => {
          // A refused value stays in the field next to its error; a valid one is shown as the machine has it.
          if (mode === 'commit') commit()
          else if (!props.error) setDraft(null)
        }}
        onKeyDown={mode === 'commit' ? onKeyDown : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          <QuantityErrorText error={error} />
        </p>
      )}
    </div>
  )
}
