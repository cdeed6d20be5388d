import { useLingui } from '@lingui/react/macro'
import { type ReactNode } from 'react'
import {
  type DraftValue,
  type FieldIssue,
  type FieldIssues,
} from '#machines/staff-catalogue-form/catalogue-draft.ts'
import { type CatalogueField, FIELD_LANGUAGES } from '#machines/staff-catalogue-form/catalogue-fields.ts'
import { type Choice } from '#machines/staff-catalogue-form/staff-catalogue-form.machine.ts'
import { FIELD_LABELS, issueText, LANGUAGE_NAMES, nameIn } from './catalogue-texts.ts'

/**
 * One input of a catalogue form, chosen by the field's kind (from the contract), with its issue below it and tied
 * to it with aria-describedby. It shows the machine's draft and sends changes back; it keeps nothing itself.
 */

export type FieldProps = {
  field: CatalogueField
  draft: Readonly<Record<string, DraftValue>>
  issues: FieldIssues
  choices: readonly Choice[]
  /** A create-only field of an existing entity. */
  readOnly: boolean
  onChange: (key: string, value: DraftValue) => void
}

const inputId = (key: string) => `catalogue-${key.replace(/\./g, '-')}`

function IssueText({ id, issue }: { id: string; issue: FieldIssue | undefined }) {
  const { i18n } = useLingui()
  if (issue === undefined) return null
  return (
    <p id={`${id}-error`} className="field-error">
      {issueText(i18n, issue)}
    </p>
  )
}

const invalidProps = (id: string, issue: FieldIssue | undefined) =>
  issue === undefined ? {} : { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }

function TextInput(props: {
  id: string
  label: ReactNode
  value: string
  issue: FieldIssue | undefined
  inputMode?: 'decimal' | 'numeric' | 'text'
  multiline?: boolean
  required?: boolean
  onChange: (value: string) => void
}) {
  const common = {
    id: props.id,
    name: props.id,
    value: props.value,
    ...invalidProps(props.id, props.issue),
  }
  return (
    <div className="field">
      <label htmlFor={props.id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={4} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={props.inputMode}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      <IssueText id={props.id} issue={props.issue} />
    </div>
  )
}

type Resolved = FieldProps & { id: string; label: string; text: string; issue: FieldIssue | undefined }

function LocalizedInput({ field, draft, issues, onChange, label }: Resolved) {
  const { i18n } = useLingui()
  return (
    <fieldset className="field catalogue-localized">
      <legend>{label}</legend>
      {FIELD_LANGUAGES.map((language) => {
        const key = `${field.key}.${language}`
        const typed = draft[key]
        const name = LANGUAGE_NAMES[language]
        return (
          <TextInput
            key={key}
            id={inputId(key)}
            label={name === undefined ? language : i18n._(name)}
            value={typeof typed === 'string' ? typed : ''}
            issue={issues[key]}
            required={!field.optional && language === 'de'}
            multiline={field.key !== 'name'}
            onChange={(next) => onChange(key, next)}
          />
        )
      })}
    </fieldset>
  )
}

function HexInput({ field, onChange, id, label, text, issue }: Resolved) {
  const { t } = useLingui()
  return (
    <div className="catalogue-hex">
      <TextInput
        id={id}
        label={label}
        value={text}
        issue={issue}
        required={!field.optional}
        onChange={(next) => onChange(field.key, next)}
      />
      <span
        className="catalogue-swatch"
        style={{ background: /^#[0-9a-fA-F]{6}$/.test(text) ? text : 'transparent' }}
        aria-hidden="true"
      />
      <input
        type="color"
        aria-label={t`Farbe wählen`}
        value={/^#[0-9a-f]{6}$/.test(text) ? text : '#000000'}
        onChange={(event) => onChange(field.key, event.target.value.toLowerCase())}
      />
    </div>
  )
}

function RefSelect({ field, choices, readOnly, onChange, id, label, text, issue }: Resolved) {
  const { i18n, t } = useLingui()
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {!field.optional && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        name={id}
        value={text}
        disabled={readOnly}
        {...invalidProps(id, issue)}
        onChange={(event) => onChange(field.key, event.target.value)}
      >
        <option value="">{t`Bitte wählen`}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {nameIn(choice.name, i18n.locale)}
            {choice.archived ? ` ${t`(archiviert)`}` : ''}
          </option>
        ))}
      </select>
      <IssueText id={id} issue={issue} />
    </div>
  )
}

function RefChecks({ field, draft, choices, onChange, id, label, issue }: Resolved) {
  const { i18n, t } = useLingui()
  const value = draft[field.key]
  const chosen = Array.isArray(value) ? (value as readonly string[]) : []
  // A ticked entry goes to the end: the order of ticking is the order saved (the first finish is the default).
  const toggle = (choiceId: string, on: boolean) =>
    onChange(field.key, on ? [...chosen, choiceId] : chosen.filter((known) => known !== choiceId))
  return (
    <fieldset className="field field--choices" {...invalidProps(id, issue)}>
      <legend>{label}</legend>
      {choices.length === 0 && <p className="field-hint">{t`Noch keine Einträge.`}</p>}
      {choices.map((choice) => (
        <label key={choice.id}>
          <input
            type="checkbox"
            checked={chosen.includes(choice.id)}
            onChange={(event) => toggle(choice.id, event.target.checked)}
          />{' '}
          {nameIn(choice.name, i18n.locale)}
          {choice.archived ? ` ${t`(archiviert)`}` : ''}
        </label>
      ))}
      <IssueText id={id} issue={issue} />
    </fieldset>
  )
}

function CheckboxInput({ field, draft, onChange, label }: Resolved) {
  return (
    <div className="field field--checkbox">
      <label>
        <input
          type="checkbox"
          checked={draft[field.key] === true}
          onChange={(event) => onChange(field.key, event.target.checked)}
        />{' '}
        {label}
      </label>
    </div>
  )
}

export function CatalogueFieldInput(props: FieldProps) {
  const { i18n } = useLingui()
  const { field, draft, issues, onChange } = props
  const message = FIELD_LABELS[field.key]
  const value = draft[field.key]
  const resolved: Resolved = {
    ...props,
    id: inputId(field.key),
    label: message === undefined ? field.key : i18n._(message),
    text: typeof value === 'string' ? value : '',
    issue: issues[field.key],
  }
  switch (field.kind) {
    case 'localized':
      return <LocalizedInput {...resolved} />
    case 'boolean':
      return <CheckboxInput {...resolved} />
    case 'hex':
      return <HexInput {...resolved} />
    case 'ref':
      return <RefSelect {...resolved} />
    case 'refs':
      return <RefChecks {...resolved} />
    default:
      return (
        <TextInput
          id={resolved.id}
          label={resolved.label}
          value={resolved.text}
          issue={resolved.issue}
          required={!field.optional}
          multiline={field.kind === 'lines'}
          inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'integer' ? 'numeric' : 'text'}
          onChange={(next) => onChange(field.key, next)}
        />
      )
  }
}
