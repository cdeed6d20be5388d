import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { type FormIssueCode } from '#shared/domain/forms/form-fields.ts'
import { issueTexts } from './form-texts.ts'

/**
 * Form fields of the newsletter, contact and VAT-ID forms: a label, the control, an optional hint and the field's
 * issue (a code of the shared form rules, translated here) next to it, tied to the control with `aria-describedby`.
 * The fields only show what the form's machine holds and send changes back; they keep no value of their own.
 */

/** The text of an issue code; `too_long` names the field's limit. */
export function useIssueText(): (issue: FormIssueCode, maxLength?: number) => string {
  const { i18n, t } = useLingui()
  return (issue, maxLength) =>
    issue === 'too_long' && maxLength !== undefined
      ? t`Bitte höchstens ${maxLength} Zeichen eingeben.`
      : i18n._(issueTexts[issue])
}

/**
 * Which fields the visitor has left at least once: their issues show from then on (a field holding a value shows its
 * issue right away), so an untouched empty form is not all red.
 */
export function useTouchedFields<TField extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<TField>>(() => new Set())
  return {
    touch: (field: TField) =>
      setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field))),
    /** The issue to show for a field: once it was left or holds a value. */
    shown: (field: TField, issue: FormIssueCode | undefined, hasValue: boolean): FormIssueCode | null =>
      issue !== undefined && (hasValue || touched.has(field)) ? issue : null,
  }
}

type FieldBase = {
  id: string
  label: ReactNode
  issue?: FormIssueCode | null | undefined
  hint?: ReactNode
  required?: boolean
  disabled?: boolean
}

function useDescriptions(props: FieldBase & { maxLength?: number | undefined }) {
  const issueText = useIssueText()
  const hintId = props.hint ? `${props.id}-hint` : undefined
  const errorId = props.issue ? `${props.id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const nodes = (
    <>
      {props.hint && (
        <p id={hintId} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.issue && (
        <p id={errorId} className="field-error">
          {issueText(props.issue, props.maxLength)}
        </p>
      )}
    </>
  )
  return { describedBy, nodes }
}

function Label({ id, label, required }: Pick<FieldBase, 'id' | 'label' | 'required'>) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  )
}

export function TextField(
  props: FieldBase & {
    value: string
    onChange: (value: string) => void
    onBlur?: () => void
    type?: 'text' | 'email' | 'tel' | 'password'
    multiline?: boolean
    maxLength?: number
    autoComplete?: string
    inputMode?: 'numeric' | 'text' | 'email' | 'tel'
  },
) {
  const { describedBy, nodes } = useDescriptions(props)
  const common = {
    id: props.id,
    name: props.id,
    value: props.value,
    required: props.required,
    disabled: props.disabled,
    maxLength: props.maxLength,
    autoComplete: props.autoComplete,
    'aria-invalid': props.issue ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: props.onBlur,
  }
  return (
    <div className="field">
      <Label {...props} />
      {props.multiline ? (
        <textarea {...common} rows={4} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {nodes}
    </div>
  )
}

export function SelectField<TValue extends string>(
  props: FieldBase & {
    value: TValue | ''
    options: ReadonlyArray<{ value: TValue; label: string }>
    /** The empty first option ("please choose"); without it the select always has a value. */
    placeholder?: string
    onChange: (value: TValue | '') => void
    onBlur?: () => void
  },
) {
  const { describedBy, nodes } = useDescriptions(props)
  return (
    <div className="field">
      <Label {...props} />
      <select
        id={props.id}
        name={props.id}
        value={props.value}
        required={props.required}
        disabled={props.disabled}
        aria-invalid={props.issue ? true : undefined}
        aria-describedby={describedBy}
        onBlur={props.onBlur}
        onChange={(event) => props.onChange(event.target.value as TValue | '')}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {nodes}
    </div>
  )
}

export function CheckboxField(
  props: FieldBase & { checked: boolean; onChange: (checked: boolean) => void; onBlur?: () => void },
) {
  const { describedBy, nodes } = useDescriptions(props)
  return (
    <div className="field field--checkbox">
      <div className="field__check">
        <input
          id={props.id}
          name={props.id}
          type="checkbox"
          checked={props.checked}
          required={props.required}
          disabled={props.disabled}
          aria-invalid={props.issue ? true : undefined}
          aria-describedby={describedBy}
          onBlur={props.onBlur}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <Label {...props} />
      </div>
      {nodes}
    </div>
  )
}

/** Radio buttons in a fieldset; the legend is the label. */
export function RadioGroup<TValue extends string>(
  props: FieldBase & {
    value: TValue | ''
    options: ReadonlyArray<{ value: TValue; label: string }>
    onChange: (value: TValue) => void
    onBlur?: () => void
  },
) {
  const { describedBy, nodes } = useDescriptions(props)
  return (
    <fieldset className="field field--choices" disabled={props.disabled} aria-describedby={describedBy}>
      <legend>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="field__options">
        {props.options.map((option) => (
          <label key={option.value} className="field__option">
            <input
              type="radio"
              name={props.id}
              value={option.value}
              checked={props.value === option.value}
              required={props.required}
              onBlur={props.onBlur}
              onChange={() => props.onChange(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
      </div>
      {nodes}
    </fieldset>
  )
}

/** The hint beside a disabled submit button: which required fields are still missing. */
export function MissingFieldsHint(props: { id: string; missing: readonly string[]; invalid: boolean }) {
  const { t } = useLingui()
  if (props.missing.length === 0 && !props.invalid) return null
  const list = props.missing.join(', ')
  return (
    <p id={props.id} className="form__hint">
      {props.missing.length > 0
        ? t`Es fehlen noch Pflichtfelder: ${list}`
        : t`Bitte prüfen Sie die markierten Felder.`}
    </p>
  )
}

/** The same text for the button's `title` (spec part 1 §5: the title says required fields are missing). */
export function useMissingFieldsTitle(): (
  missing: readonly string[],
  invalid: boolean,
) => string | undefined {
  const { t } = useLingui()
  return (missing, invalid) => {
    const list = missing.join(', ')
    if (missing.length > 0) return t`Es fehlen noch Pflichtfelder: ${list}`
    return invalid ? t`Bitte prüfen Sie die markierten Felder.` : undefined
  }
}
