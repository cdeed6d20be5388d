import { Trans } from '@lingui/react/macro'

/** A text for the customer with its length counter; too long is marked at the field and said in words. */
export function CountedTextarea(props: {
  id: string
  label: string
  value: string
  max: number
  rows: number
  disabled: boolean
  tooLongText: string
  onChange: (value: string) => void
}) {
  const { id, value, max } = props
  const length = value.length
  const tooLong = length > max
  return (
    <>
      <label className="field staff-field--wide">
        <span>{props.label}</span>
        <textarea
          rows={props.rows}
          value={value}
          disabled={props.disabled}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={`${id}-count`}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <small id={`${id}-count`} aria-live="polite">
          <Trans>
            {length} von {max} Zeichen
          </Trans>
        </small>
      </label>
      {tooLong && (
        <p className="staff-warning" role="alert">
          {props.tooLongText}
        </p>
      )}
    </>
  )
}
