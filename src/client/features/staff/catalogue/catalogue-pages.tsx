import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { STAFF_RESOURCES, type StaffResource } from '#shared/contracts/staff-catalogue.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { createStaffCatalogueLogic, type StaffCatalogueLogic } from '#client/actors/staff-catalogue.actors.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { StaffWorkspace } from '../staff-pages.tsx'
import { ApiKeysView } from './api-keys-view.tsx'
import { type CatalogueFormActor, CatalogueFormView } from './catalogue-form-view.tsx'
import { CatalogueListView } from './catalogue-list-view.tsx'
import { RESOURCE_ORDER, RESOURCE_TITLES } from './catalogue-texts.ts'
import { ColorThumbnailView } from './color-thumbnail-view.tsx'
import './catalogue.css'

const isStaffResource = (value: string | undefined): value is StaffResource =>
  STAFF_RESOURCES.some((resource) => resource === value)

function useCatalogueLogic(): StaffCatalogueLogic {
  const { api, notifications } = useAppActors()
  const [logic] = useState(() => createStaffCatalogueLogic({ api, notifications }))
  return logic
}

function ResourceTabs({ current }: { current: StaffResource }) {
  const { i18n, t } = useLingui()
  const params = { locale: localeParam(useLocale()) }
  return (
    <nav className="staff-nav catalogue-tabs" aria-label={t`Katalogbereiche`}>
      {RESOURCE_ORDER.map((resource) => (
        <Link
          key={resource}
          to="/{-$locale}/staff/catalogue/$resource"
          params={{ ...params, resource }}
          aria-current={resource === current ? 'page' : undefined}
        >
          {i18n._(RESOURCE_TITLES[resource])}
        </Link>
      ))}
    </nav>
  )
}

function UnknownResource() {
  return (
    <p className="staff-warning" role="alert">
      <Trans>Diesen Katalogbereich gibt es nicht.</Trans>
    </p>
  )
}

function ListFor({ resource }: { resource: StaffResource }) {
  const logic = useCatalogueLogic()
  const actor = useActorRef(logic.catalogueList, { input: { resource } })
  return <CatalogueListView actor={actor} />
}

function ThumbnailFor({
  logic,
  colorId,
  thumbnailPath,
}: {
  logic: StaffCatalogueLogic
  colorId: string
  thumbnailPath: string
}) {
  const actor = useActorRef(logic.colorThumbnail, { input: { colorId, thumbnailPath } })
  return <ColorThumbnailView actor={actor} />
}

function ApiKeysFor({ logic, whiteLabelId }: { logic: StaffCatalogueLogic; whiteLabelId: string }) {
  const actor = useActorRef(logic.apiKeys, { input: { whiteLabelId } })
  return <ApiKeysView actor={actor} />
}

/** What an existing entity adds below its form: a colour's thumbnail, a white label's keys. */
function FormExtras({ logic, actor }: { logic: StaffCatalogueLogic; actor: CatalogueFormActor }) {
  const resource = useSelector(actor, (snapshot) => snapshot.context.resource)
  const id = useSelector(actor, (snapshot) => snapshot.context.id)
  const loadedPath = useSelector(actor, (snapshot) =>
    typeof snapshot.context.item?.thumbnailPath === 'string' ? snapshot.context.item.thumbnailPath : null,
  )
  if (id === null) return null
  if (resource === 'colors' && loadedPath !== null)
    return <ThumbnailFor key={id} logic={logic} colorId={id} thumbnailPath={loadedPath} />
  if (resource === 'white-labels') return <ApiKeysFor key={id} logic={logic} whiteLabelId={id} />
  return null
}

function FormFor({ resource, id }: { resource: StaffResource; id: string | null }) {
  const logic = useCatalogueLogic()
  const actor = useActorRef(logic.catalogueForm, { input: { resource, id } })
  const savedId = useSelector(actor, (snapshot) => snapshot.context.id)
  const navigate = useNavigate()
  const locale = localeParam(useLocale())
  // A created entity gets its own address, so a reload edits it instead of creating another.
  useEffect(() => {
    if (id !== null || savedId === null) return
    void navigate({
      to: '/{-$locale}/staff/catalogue/$resource/$id',
      params: { locale, resource, id: savedId },
      replace: true,
    })
  }, [id, savedId, resource, locale, navigate])
  return (
    <>
      <p>
        <Link to="/{-$locale}/staff/catalogue/$resource" params={{ locale, resource }}>
          <Trans>Zurück zur Liste</Trans>
        </Link>
      </p>
      <CatalogueFormView actor={actor}>
        <FormExtras logic={logic} actor={actor} />
      </CatalogueFormView>
    </>
  )
}

/** `/staff/catalogue/{resource}`: one resource's list. */
export function StaffCatalogueListPage() {
  const { resource } = useParams({ strict: false }) as { resource?: string }
  return (
    <StaffWorkspace>
      {() =>
        isStaffResource(resource) ? (
          <>
            <ResourceTabs current={resource} />
            <ListFor key={resource} resource={resource} />
          </>
        ) : (
          <UnknownResource />
        )
      }
    </StaffWorkspace>
  )
}

/** `/staff/catalogue/{resource}/new` and `/staff/catalogue/{resource}/{id}`: create or edit one entity. */
export function StaffCatalogueFormPage() {
  const { resource, id } = useParams({ strict: false }) as { resource?: string; id?: string }
  return (
    <StaffWorkspace>
      {() =>
        isStaffResource(resource) ? (
          <>
            <ResourceTabs current={resource} />
            <FormFor key={`${resource}/${id ?? 'new'}`} resource={resource} id={id ?? null} />
          </>
        ) : (
          <UnknownResource />
        )
      }
    </StaffWorkspace>
  )
}
