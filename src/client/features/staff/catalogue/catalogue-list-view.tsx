import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ActorRefFrom } from 'xstate'
import { type CatalogueItem } from '#machines/staff-catalogue-form/catalogue-draft.ts'
import { type staffCatalogueListMachine } from '#machines/staff-catalogue-list/staff-catalogue-list.machine.ts'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { StaffLoadFailed, StaffLoading } from '../staff-status.tsx'
import { nameIn, RESOURCE_TITLES } from './catalogue-texts.ts'

export type CatalogueListActor = ActorRefFrom<typeof staffCatalogueListMachine>

/** A colour's look in the list: its thumbnail on its hex code. */
function ColorLook({ item }: { item: CatalogueItem }) {
  const hex = typeof item.hex === 'string' ? item.hex : undefined
  const thumbnail = typeof item.thumbnailPath === 'string' ? item.thumbnailPath : undefined
  return (
    <span className="catalogue-swatch" style={{ background: hex }} aria-hidden="true">
      {thumbnail !== undefined && (
        <img src={`${THUMBNAILS_PATH}${thumbnail}`} alt="" width={24} height={24} />
      )}
    </span>
  )
}

function ItemRow({ actor, item }: { actor: CatalogueListActor; item: CatalogueItem }) {
  const { i18n } = useLingui()
  const params = { locale: localeParam(useLocale()) }
  const resource = useSelector(actor, (snapshot) => snapshot.context.resource)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('changing'))
  const name = nameIn(item.name, i18n.locale)
  return (
    <tr className={item.archived ? 'catalogue-archived' : undefined}>
      <td>
        {resource === 'colors' && <ColorLook item={item} />} {name}
      </td>
      <td>{item.archived ? <Trans>archiviert</Trans> : <Trans>aktiv</Trans>}</td>
      <td className="staff-actions">
        <Link to="/{-$locale}/staff/catalogue/$resource/$id" params={{ ...params, resource, id: item.id }}>
          <Trans>Bearbeiten</Trans>
          <span className="visually-hidden">: {name}</span>
        </Link>
        {resource === 'print-modes' && (
          <Link
            to="/{-$locale}/staff/print-modes/$printModeId/sheet"
            params={{ ...params, printModeId: item.id }}
          >
            <Trans>Preistabelle</Trans>
            <span className="visually-hidden">: {name}</span>
          </Link>
        )}
        {item.archived ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => actor.send({ type: 'list.restore', id: item.id })}
          >
            <Trans>Wiederherstellen</Trans>
            <span className="visually-hidden">: {name}</span>
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => actor.send({ type: 'list.archive', id: item.id })}
          >
            <Trans>Archivieren</Trans>
            <span className="visually-hidden">: {name}</span>
          </button>
        )}
      </td>
    </tr>
  )
}

/** The entities of one catalogue resource (decision 0108) in the machine's state, archived ones marked. */
export function CatalogueListView({ actor }: { actor: CatalogueListActor }) {
  const { i18n } = useLingui()
  const params = { locale: localeParam(useLocale()) }
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.hasTag('load-failed')
        ? 'loadFailed'
        : snapshot.hasTag('empty')
          ? 'empty'
          : 'list',
  )
  return (
    <section className="staff-page" aria-labelledby="catalogue-list-title">
      <h1 id="catalogue-list-title">{i18n._(RESOURCE_TITLES[context.resource])}</h1>
      <p>
        <Link
          className="button button--primary"
          to="/{-$locale}/staff/catalogue/$resource/new"
          params={{ ...params, resource: context.resource }}
        >
          <Trans>Neu anlegen</Trans>
        </Link>
      </p>
      {mode === 'loading' && <StaffLoading />}
      {mode === 'loadFailed' && <StaffLoadFailed onRetry={() => actor.send({ type: 'list.reload' })} />}
      {mode === 'empty' && (
        <p role="status">
          <Trans>Noch keine Einträge.</Trans>
        </p>
      )}
      {context.changeError !== null && (
        <p className="staff-warning" role="alert">
          <Trans>Die Änderung wurde abgelehnt ({context.changeError}).</Trans>
        </p>
      )}
      {mode === 'list' && (
        <table className="sheet-grid catalogue-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Aktionen</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {context.items.map((item) => (
              <ItemRow key={item.id} actor={actor} item={item} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
