import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect, useState } from 'react'
import { filterOfSearch, searchOfFilter } from '#shared/contracts/staff-orders.contract.ts'
import { type StaffLogic } from '#client/actors/staff.actors.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { StaffWorkspace } from '../staff-pages.tsx'
import { OrderDetailView } from './order-detail-view.tsx'
import { OrderListView } from './order-list-view.tsx'
import './staff-orders.css'

const listRoute = getRouteApi('/{-$locale}/staff/orders')
const detailRoute = getRouteApi('/{-$locale}/staff/orders/$orderId')

/**
 * The list's filter and page live in the address bar (decision 0107): the machine starts from it, writes each
 * change of the user's into it as a new history entry, and follows it when Back or Forward changes it.
 */
function OrderListFor({ logic }: { logic: StaffLogic }) {
  const search = listRoute.useSearch()
  const navigate = useNavigate()
  const locale = useLocale()
  const [machine] = useState(() =>
    logic.orders.list.provide({
      actions: {
        publishUrl: (_, params) =>
          void navigate({
            to: '/{-$locale}/staff/orders',
            params: { locale: localeParam(locale) },
            search: searchOfFilter(params.filter, params.page),
          }),
      },
    }),
  )
  const actor = useActorRef(machine, { input: { filter: filterOfSearch(search), page: search.page ?? 1 } })
  useEffect(() => {
    actor.send({ type: 'list.urlChanged', filter: filterOfSearch(search), page: search.page ?? 1 })
  }, [actor, search])
  return <OrderListView actor={actor} />
}

function OrderDetailFor({ logic, orderId }: { logic: StaffLogic; orderId: string }) {
  const actor = useActorRef(logic.orders.detail, { input: { orderId } })
  return <OrderDetailView actor={actor} />
}

/** `/staff/orders`: the back office's order list with filters in the address bar. */
export function StaffOrdersPage() {
  return <StaffWorkspace>{(logic) => <OrderListFor logic={logic} />}</StaffWorkspace>
}

/** `/staff/orders/{orderId}`: one order with its status change, payment, items, timeline and mails. */
export function StaffOrderPage() {
  const { orderId } = detailRoute.useParams()
  return (
    <StaffWorkspace>
      {(logic) => <OrderDetailFor key={orderId} logic={logic} orderId={orderId} />}
    </StaffWorkspace>
  )
}
