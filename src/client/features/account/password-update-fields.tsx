import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode } from 'react'
import { newPasswordIssue, repeatIssue } from '#shared/domain/forms/new-password.ts'
import { PASSWORD } from '#shared/domain/limits.ts'
import { TextField, useTouchedFields } from '#client/common/forms/fields.tsx'
import { notificationTexts } from '#client/i18n/notification-texts.ts'

/**
 * What the reset-password and password-update pages share: the new password typed twice with its rule (spec part 2
 * §5: 8–20 characters, the repeat identical) and the inline notices.
 */

/** The generic warning of part 2 §8 inside a form (the call failed; what was typed is kept where the spec says so). */
export function GenericWarning() {
  const { i18n } = useLingui()
  const text = notificationTexts['generic-warning']
  return (
    <div className="notice notice--warning" role="alert">
      <div>
        <p className="notice__title">{i18n._(text.title)}</p>
        {text.body && <p>{i18n._(text.body)}</p>}
      </div>
    </div>
  )
}

/** A notice of the page's outcome (sent, changed, link invalid …), announced to screen readers. */
export function OutcomeNotice(props: {
  kind: 'success' | 'warning' | 'info'
  title: ReactNode
  children?: ReactNode
}) {
  return (
    <div className={`notice notice--${props.kind}`} role={props.kind === 'warning' ? 'alert' : 'status'}>
      <div>
        <p className="notice__title">{props.title}</p>
        {props.children}
      </div>
    </div>
  )
}

export type NewPasswordFieldsProps = {
  id: string
  password: string
  repeat: string
  disabled: boolean
  onChange: (field: 'password' | 'repeat', value: string) => void
}

/** New password and its repeat; each field's issue shows once it was left or holds a value. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useLingui()
  const { touch, shown } = useTouchedFields<'password' | 'repeat'>()
  const min = PASSWORD.min
  const max = PASSWORD.max
  return (
    <>
      <TextField
        id={`${props.id}-password`}
        label={t`Neues Passwort`}
        type="password"
        required
        disabled={props.disabled}
        value={props.password}
        maxLength={PASSWORD.max}
        autoComplete="new-password"
        hint={
          <Trans>
            {min} bis {max} Zeichen
          </Trans>
        }
        issue={shown('password', newPasswordIssue(props.password) ?? undefined, props.password !== '')}
        onChange={(value) => props.onChange('password', value)}
        onBlur={() => touch('password')}
      />
      <TextField
        id={`${props.id}-repeat`}
        label={t`Neues Passwort wiederholen`}
        type="password"
        required
        disabled={props.disabled}
        value={props.repeat}
        maxLength={PASSWORD.max}
        autoComplete="new-password"
        issue={shown('repeat', repeatIssue(props.password, props.repeat) ?? undefined, props.repeat !== '')}
        onChange={(value) => props.onChange('repeat', value)}
        onBlur={() => touch('repeat')}
      />
    </>
  )
}
