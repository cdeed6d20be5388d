import { z } from 'zod'
import {
  LOGOUT_PATH,
  REFRESH_PATH,
  SessionResponseSchema,
  SIGN_IN_PATH,
  SignInRequestSchema,
} from '#shared/contracts/auth.contract.ts'
import {
  CMS_MEDIA_PATH,
  CMS_NAVIGATION_PATH,
  CMS_PAGES_PATH,
  CmsMediaParamsSchema,
  CmsNavigationParamsSchema,
  CmsPageParamsSchema,
  GetCmsNavigationResponseSchema,
  GetCmsPageResponseSchema,
} from '#shared/contracts/cms.contract.ts'
import {
  CONTACT_PATH,
  ContactRequestSchema,
  ContactResponseSchema,
  LEGACY_CONTACT_FORM_PATH,
  LegacyContactFormSchema,
} from '#shared/contracts/contact.contract.ts'
import {
  HEALTH_PATH,
  HealthResponseSchema,
  LIVENESS_PATH,
  LivenessResponseSchema,
} from '#shared/contracts/health.contract.ts'
import {
  PRICING_BATCH_PATH,
  PricingBatchRequestSchema,
  PricingBatchResponseSchema,
} from '#shared/contracts/pricing.contract.ts'
import {
  GetPrintModesResponseSchema,
  GetSurfaceFinishesResponseSchema,
  PRINT_MODES_PATH,
  SURFACE_FINISHES_PATH,
  THUMBNAILS_PATH,
} from '#shared/contracts/print-modes.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import {
  POSTAL_CODE_LOOKUP_PATH,
  PostalCodeParamsSchema,
  PostalCodeResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import { ACCOUNT_API_ROUTES } from '#shared/contracts/account-api-routes.ts'
import { ORDERS_API_ROUTES } from '#shared/contracts/orders-api-routes.ts'
import { PAYMENTS_API_ROUTES } from '#shared/contracts/payments-api-routes.ts'
import { ANALYSIS_API_ROUTES, CART_API_ROUTES } from '#shared/contracts/shop-api-routes.ts'
import { STAFF_API_ROUTES } from '#shared/contracts/staff-api-routes.ts'
import {
  type ApiRoute,
  binary,
  created,
  json,
  NO_CONTENT,
  ok,
  SHOP_HEADERS,
} from '#shared/contracts/api-route.ts'

/**
 * Every `/api` route of the server as the published OpenAPI description lists it (decision 0083): method, path in
 * OpenAPI form, what it reads (parameters, query, body) and answers, all as the zod contracts the server parses
 * and checks with, so the description cannot drift from the code. tests/integration/openapi.test.ts fails when a
 * registered route is missing here or a route here is not registered. Every route also answers errors in the one
 * error shape (ErrorBodySchema); the builder adds that to each.
 */

export const OPENAPI_PATH = '/api/openapi.json'

/** The OpenAPI document itself: described only as a JSON object (its own schema is the OpenAPI specification). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.unknown()),
})

const PNG = 'image/png'

const HEALTH_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: HEALTH_PATH,
    summary: 'Readiness: the database answers',
    tag: 'health',
    auth: 'none',
    responses: ok(HealthResponseSchema),
  },
  {
    method: 'GET',
    path: LIVENESS_PATH,
    summary: 'Liveness: the process serves HTTP',
    tag: 'health',
    auth: 'none',
    responses: ok(LivenessResponseSchema),
  },
  {
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This description of the API',
    tag: 'health',
    auth: 'none',
    responses: ok(OpenApiDocumentSchema),
  },
]

const AUTH_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: SIGN_IN_PATH,
    summary: 'Sign in; sets the session cookie',
    tag: 'auth',
    auth: 'none',
    body: json(SignInRequestSchema),
    responses: ok(SessionResponseSchema),
  },
  {
    method: 'POST',
    path: REFRESH_PATH,
    summary: 'Extend the session (201) or learn there is none (204)',
    tag: 'auth',
    auth: 'session',
    responses: { ...created(SessionResponseSchema), ...NO_CONTENT },
  },
  {
    method: 'POST',
    path: LOGOUT_PATH,
    summary: 'End the session',
    tag: 'auth',
    auth: 'session',
    responses: NO_CONTENT,
  },
]

const CATALOGUE_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: PRINT_MODES_PATH,
    summary: 'The print modes of the white label, with finishes and colours',
    tag: 'catalogue',
    auth: 'apiKey',
    headers: SHOP_HEADERS,
    responses: ok(GetPrintModesResponseSchema),
  },
  {
    method: 'GET',
    path: SURFACE_FINISHES_PATH,
    summary: 'The surface finishes of the white label',
    tag: 'catalogue',
    auth: 'apiKey',
    headers: SHOP_HEADERS,
    responses: ok(GetSurfaceFinishesResponseSchema),
  },
  {
    method: 'GET',
    path: `${THUMBNAILS_PATH}{file}`,
    restParam: 'file',
    summary: 'A colour or cart item thumbnail',
    tag: 'catalogue',
    auth: 'none',
    params: z.object({ file: z.string() }),
    responses: binary(PNG),
  },
  {
    method: 'GET',
    path: SHIPPING_COUNTRIES_PATH,
    summary: 'Countries shipped to, with their methods',
    tag: 'catalogue',
    auth: 'apiKey',
    headers: SHOP_HEADERS,
    responses: ok(GetShippingCountriesResponseSchema),
  },
  {
    method: 'GET',
    path: POSTAL_CODE_LOOKUP_PATH,
    summary: 'The city of a postal code (first place name; null when unknown or the lookup is off)',
    tag: 'catalogue',
    auth: 'apiKey',
    headers: SHOP_HEADERS,
    params: PostalCodeParamsSchema,
    responses: ok(PostalCodeResponseSchema),
  },
  {
    method: 'POST',
    path: PRICING_BATCH_PATH,
    summary: 'Price configurations of an analysed 3D file',
    tag: 'pricing',
    auth: 'apiKey',
    headers: SHOP_HEADERS,
    body: json(PricingBatchRequestSchema),
    responses: ok(PricingBatchResponseSchema),
  },
]

const CONTENT_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: `${CMS_PAGES_PATH}/{lang}`,
    summary: 'The start page',
    tag: 'content',
    auth: 'none',
    params: CmsNavigationParamsSchema,
    responses: ok(GetCmsPageResponseSchema),
  },
  {
    method: 'GET',
    path: `${CMS_PAGES_PATH}/{lang}/{slug}`,
    restParam: 'slug',
    summary: 'A CMS page (the slug may hold slashes)',
    tag: 'content',
    auth: 'none',
    params: CmsPageParamsSchema,
    responses: ok(GetCmsPageResponseSchema),
  },
  {
    method: 'GET',
    path: `${CMS_NAVIGATION_PATH}/{lang}`,
    summary: 'The navigation',
    tag: 'content',
    auth: 'none',
    params: CmsNavigationParamsSchema,
    responses: ok(GetCmsNavigationResponseSchema),
  },
  {
    method: 'GET',
    path: `${CMS_MEDIA_PATH}/{file}`,
    summary: 'A CMS image',
    tag: 'content',
    auth: 'none',
    params: CmsMediaParamsSchema,
    responses: binary('image/svg+xml'),
  },
  {
    method: 'POST',
    path: CONTACT_PATH,
    summary: 'Send a contact message, bug report, newsletter or VAT id request',
    tag: 'content',
    auth: 'none',
    body: json(ContactRequestSchema),
    responses: created(ContactResponseSchema),
  },
  {
    method: 'POST',
    path: LEGACY_CONTACT_FORM_PATH,
    summary: 'The legacy contact form (form-urlencoded)',
    tag: 'content',
    auth: 'none',
    body: { kind: 'form', schema: LegacyContactFormSchema },
    responses: created(ContactResponseSchema),
  },
]

export const API_ROUTES: readonly ApiRoute[] = [
  ...HEALTH_ROUTES,
  ...AUTH_ROUTES,
  ...ACCOUNT_API_ROUTES,
  ...CATALOGUE_ROUTES,
  ...ANALYSIS_API_ROUTES,
  ...CART_API_ROUTES,
  ...ORDERS_API_ROUTES,
  ...PAYMENTS_API_ROUTES,
  ...CONTENT_ROUTES,
  ...STAFF_API_ROUTES,
]
