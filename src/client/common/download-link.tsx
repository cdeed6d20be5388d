import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { type MouseEvent, type ReactNode } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type downloadMachine } from '#machines/download/download.machine.ts'
import { type DownloadLogic } from '#client/actors/download.actors.ts'
import { useOptionalAppActors } from '#client/app/app-actors.tsx'
import { errorTexts } from '#client/i18n/error-texts.ts'
import { opensElsewhere } from '#client/common/link-clicks.ts'

export type DownloadActor = ActorRefFrom<typeof downloadMachine>

type LinkProps = {
  /** The file on the API; also the plain link a new tab or a browser without JavaScript follows. */
  href: string
  className?: string | undefined
  children: ReactNode
}

/**
 * A download link in a download machine's state (decision 0142): while the file is on its way a status says so,
 * and a failed try says why, in the visitor's language, beside the link.
 */
export function DownloadLinkView({ actor, href, className, children }: LinkProps & { actor: DownloadActor }) {
  const { i18n } = useLingui()
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null))
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || opensElsewhere(event)) return
    event.preventDefault()
    actor.send({ type: 'download.start' })
  }
  return (
    <span className="download-link">
      <a className={className} href={href} download onClick={onClick} aria-busy={busy || undefined}>
        {children}
      </a>
      {busy && (
        <span className="download-status" role="status">
          <Trans>Wird heruntergeladen …</Trans>
        </span>
      )}
      {error !== null && (
        <span className="field-error download-error" role="alert">
          <Trans>Die Datei konnte nicht heruntergeladen werden.</Trans> {i18n._(errorTexts[error])}
        </span>
      )}
    </span>
  )
}

/**
 * A link to a file on the API that fetches before it saves (decision 0142), so a refused or vanished file is said,
 * not shown as raw JSON. Outside the app (a component's story without `logic`) it is the plain link.
 */
export function DownloadLink({ logic, ...props }: LinkProps & { logic?: DownloadLogic | undefined }) {
  const app = useOptionalAppActors()
  const chosen = logic ?? app?.download
  if (chosen === undefined) {
    return (
      <a className={props.className} href={props.href} download>
        {props.children}
      </a>
    )
  }
  return <StartedDownloadLink key={props.href} logic={chosen} {...props} />
}

function StartedDownloadLink({ logic, ...props }: LinkProps & { logic: DownloadLogic }) {
  // One actor per link and address: a link that comes to point elsewhere starts afresh (keyed by href above).
  const actor = useActorRef(logic, { input: { url: props.href } })
  return <DownloadLinkView actor={actor} {...props} />
}
