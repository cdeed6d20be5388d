import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Component, type ReactNode } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'

/** The lazy parts of the page and what the user reads when one of them cannot be loaded. */
export const chunkLoadMessages = {
  configure: msg`Die Konfiguration konnte nicht geladen werden. Vermutlich wurde der Shop gerade aktualisiert: Bitte laden Sie die Seite neu.`,
  model: msg`Die 3D-Ansicht konnte nicht geladen werden. Vermutlich wurde der Shop gerade aktualisiert: Bitte laden Sie die Seite neu.`,
} as const

export type LazyPart = keyof typeof chunkLoadMessages

/**
 * Whether an error is a lazy chunk that could not be loaded: typically a deploy replaced the chunks the page was
 * built with, or the network dropped. Chromium, Firefox and Safari word the failed dynamic import differently;
 * Vite adds its own preload error.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    ) || error.name === 'ChunkLoadError'
  )
}

/** The message instead of a part of the page whose code could not be loaded, with a reload (spec part 1 §8). */
export function ChunkLoadFailed({ part }: { part: LazyPart }) {
  const { reloadPage } = useAppActors()
  const { i18n } = useLingui()
  return (
    <div className="notice notice--warning chunk-load-failed" role="alert">
      <div>
        <p>{i18n._(chunkLoadMessages[part])}</p>
        <p>
          <button type="button" className="button" onClick={reloadPage}>
            <Trans>Seite neu laden</Trans>
          </button>
        </p>
      </div>
    </div>
  )
}

type Props = { children: ReactNode; /** The lazy part below, for the message. */ part: LazyPart }

/**
 * Catches a lazy chunk that failed to load below it and shows {@link ChunkLoadFailed}; any other error goes on to
 * the next boundary. React keeps the failed `lazy()` import, so only a reload (which fetches the current build)
 * helps.
 */
export class ChunkLoadBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error }
  }

  override render(): ReactNode {
    const { error } = this.state
    if (error === null) return this.props.children
    if (!isChunkLoadError(error)) throw error
    return <ChunkLoadFailed part={this.props.part} />
  }
}
