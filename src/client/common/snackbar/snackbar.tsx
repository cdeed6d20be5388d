import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import {
  notificationKindLabels,
  type NotificationText,
  notificationTexts,
} from '#client/i18n/notification-texts.ts'
import './snackbar.css'

/** The snackbar: the notification the notifications machine currently shows, in a live region. */
export function Snackbar() {
  const { notifications } = useAppActors()
  const { i18n, t } = useLingui()
  const current = useSelector(notifications, (snapshot) => snapshot.context.current)
  const text: NotificationText | undefined = current ? notificationTexts[current.message] : undefined

  return (
    // The live region is always in the DOM so screen readers announce what appears in it.
    <div className="snackbar-region" role="status" aria-live="polite" aria-atomic="true">
      {current && text && (
        <div key={current.id} className={`snackbar snackbar--${current.kind}`} data-message={current.message}>
          <div className="snackbar__text">
            <p className="snackbar__title">
              <span className="visually-hidden">{i18n._(notificationKindLabels[current.kind])}: </span>
              {i18n._(text.title)}
            </p>
            {text.body && <p className="snackbar__body">{i18n._(text.body)}</p>}
          </div>
          <button
            type="button"
            className="snackbar__close"
            aria-label={t`Meldung schließen`}
            onClick={() => notifications.send({ type: 'notify.dismiss' })}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  )
}
