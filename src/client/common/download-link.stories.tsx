import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { downloadMachine, type DownloadedFile } from '#machines/download/download.machine.ts'
import { downloadPathModel } from '#machines/download/download.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { DownloadLinkView } from './download-link.tsx'

type Snap = SnapshotFrom<typeof downloadMachine>

const STATES = {
  idle: (s: Snap) => s.matches('idle') && s.context.error === null,
  downloading: (s: Snap) => s.hasTag('busy') && s.context.error === null,
  notFound: (s: Snap) => s.hasTag('failed') && s.context.error === 'not_found',
  unreachable: (s: Snap) => s.hasTag('failed') && s.context.error === 'service_unavailable',
  retrying: (s: Snap) => s.hasTag('busy') && s.context.error !== null,
} as const
type DownloadStoryState = keyof typeof STATES

// The fetch never answers: each story stays in the state it starts in.
const storyDownload = downloadMachine.provide({
  actors: { fetchFile: fromPromise<DownloadedFile, { url: string }>(() => new Promise(() => {})) },
})

function DownloadInState({ state }: { state: DownloadStoryState }) {
  const snapshot = reachedState('download link', [downloadPathModel], STATES[state])
  const actor = useActorRef(storyDownload, { snapshot, input: { url: '' } })
  return (
    <p>
      <DownloadLinkView actor={actor} className="button" href="/api/checkout/order/o-1/document.pdf">
        Bestellbestätigung als PDF herunterladen
      </DownloadLinkView>
    </p>
  )
}

/** A download link (decision 0142) in each state of its machine: the file on its way, refused, unreachable. */
const meta = {
  title: 'Common/Download link',
  component: DownloadInState,
  args: { state: 'idle' },
} satisfies Meta<typeof DownloadInState>

export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = { args: { state: 'idle' } }
export const Downloading: Story = { args: { state: 'downloading' } }
/** The file is gone or the link's access does not fit. */
export const NotFound: Story = { args: { state: 'notFound' } }
export const Unreachable: Story = { args: { state: 'unreachable' } }
/** A new try after a failure: the reason stays until it ends. */
export const Retrying: Story = { args: { state: 'retrying' } }
export const NotFoundEnglish: Story = { ...NotFound, globals: { locale: 'en' } }
export const NotFoundFrench: Story = { ...NotFound, globals: { locale: 'fr' } }
export const NotFoundMobile: Story = { ...NotFound, ...onMobile }
