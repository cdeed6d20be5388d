/** The route components of the order pages: one lazy chunk (router/routes.tsx). */
export {
  OrderCompleteRoutePage,
  OrderFailedRoutePage,
  QuoteGeneratedRoutePage,
} from './order-complete-page.tsx'
export { OrderDetailsRoutePage, TrackOrderRoutePage } from './order-details-page.tsx'

export type OrderPageComponent = 'OrderCompleteRoutePage' | 'QuoteGeneratedRoutePage' | 'OrderFailedRoutePage'
