import {
  type ApiRoute,
  binary,
  created,
  json,
  multipart,
  NO_CONTENT,
  ok,
} from '#shared/contracts/api-route.ts'
import {
  PriceSheetParamsSchema,
  priceSheetPaths,
  SaveSheetRequestSchema,
  SheetVersionListResponseSchema,
  SheetVersionParamsSchema,
  SheetVersionResponseSchema,
  SheetWhiteLabelQuerySchema,
  TestSheetRequestSchema,
  TestSheetResponseSchema,
} from '#shared/contracts/price-sheet.contract.ts'
import {
  ColorThumbnailUploadSchema,
  CreateApiKeySchema,
  StaffApiKeyCreatedSchema,
  StaffApiKeyListSchema,
  StaffApiKeyParamsSchema,
  StaffColorResponseSchema,
  STAFF_BASE_PATH,
  STAFF_RESOURCE_CONTRACTS,
  STAFF_RESOURCES,
  StaffIdParamsSchema,
  StaffPrintModeResponseSchema,
  type StaffResource,
  staffPaths,
} from '#shared/contracts/staff-catalogue.contract.ts'
import {
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  STAFF_AUDIT_LOG_PATH,
} from '#shared/contracts/staff-audit.contract.ts'
import {
  ChangeOrderStatusRequestSchema,
  StaffCustomerParamsSchema,
  StaffOrderDetailResponseSchema,
  StaffOrderListQuerySchema,
  StaffOrderLineParamsSchema,
  StaffOrderListResponseSchema,
  StaffOrderParamsSchema,
  STAFF_ORDERS_PATH,
  PrintabilityNoteRequestSchema,
  PrintabilityNoteResponseSchema,
  VerifyCompanyResponseSchema,
} from '#shared/contracts/staff-orders.contract.ts'
import {
  EvaluateSheetRequestSchema,
  EvaluateSheetResponseSchema,
  ReplaySheetRequestSchema,
  ReplaySheetResponseSchema,
  RestoreSheetResponseSchema,
  SheetDiffQuerySchema,
  SheetDiffResponseSchema,
  staffSheetPaths,
  StaffUploadListQuerySchema,
  StaffUploadListResponseSchema,
  STAFF_UPLOADS_PATH,
} from '#shared/contracts/staff-sheet.contract.ts'

/** The staff routes of the API route table (api-routes.ts): the catalogue editor and the price sheets. */

const staff = { tag: 'staff', auth: 'session' } as const

function resourceRoutes(resource: StaffResource): ApiRoute[] {
  const contract = STAFF_RESOURCE_CONTRACTS[resource]
  const path = staffPaths.list(resource)
  const one = { ...staff, params: StaffIdParamsSchema }
  return [
    {
      ...staff,
      method: 'GET',
      path,
      summary: `List ${resource}, archived ones too`,
      responses: ok(contract.list),
    },
    {
      ...staff,
      method: 'POST',
      path,
      summary: `Create one of the ${resource}`,
      body: json(contract.create),
      responses: created(contract.one),
    },
    {
      ...one,
      method: 'PATCH',
      path: `${path}/{id}`,
      summary: `Change one of the ${resource}`,
      body: json(contract.update),
      responses: ok(contract.one),
    },
    {
      ...one,
      method: 'POST',
      path: `${path}/{id}/archive`,
      summary: 'Hide from customers',
      responses: NO_CONTENT,
    },
    { ...one, method: 'POST', path: `${path}/{id}/restore`, summary: 'Show again', responses: NO_CONTENT },
  ]
}

/** priceSheetPaths with OpenAPI placeholders instead of ids. */
const sheetPath = (build: (id: string) => string, name: string) =>
  build(`{${name}}`).replace(`%7B${name}%7D`, `{${name}}`)

const sheet = { ...staff, params: PriceSheetParamsSchema }

const PRICE_SHEET_ROUTES: readonly ApiRoute[] = [
  {
    ...sheet,
    method: 'GET',
    path: sheetPath(priceSheetPaths.current, 'id'),
    summary: 'The current price sheet of a print mode',
    query: SheetWhiteLabelQuerySchema,
    responses: ok(SheetVersionResponseSchema),
  },
  {
    ...sheet,
    method: 'GET',
    path: sheetPath(priceSheetPaths.versions, 'id'),
    summary: 'Every version of a price sheet, newest first',
    query: SheetWhiteLabelQuerySchema,
    responses: ok(SheetVersionListResponseSchema),
  },
  {
    ...staff,
    method: 'GET',
    path: sheetPath(priceSheetPaths.version, 'versionId'),
    summary: 'One price sheet version as saved',
    params: SheetVersionParamsSchema,
    responses: ok(SheetVersionResponseSchema),
  },
  {
    ...sheet,
    method: 'PUT',
    path: sheetPath(priceSheetPaths.current, 'id'),
    summary: 'Validate and save a new price sheet version',
    body: json(SaveSheetRequestSchema),
    responses: created(SheetVersionResponseSchema),
  },
  {
    ...sheet,
    method: 'POST',
    path: sheetPath(priceSheetPaths.test, 'id'),
    summary: 'Evaluate a draft price sheet',
    body: json(TestSheetRequestSchema),
    responses: ok(TestSheetResponseSchema),
  },
]

/** GET one print mode: the only resource read one at a time. */
const PRINT_MODE_READ: ApiRoute = {
  ...staff,
  method: 'GET',
  path: `${staffPaths.list('print-modes')}/{id}`,
  summary: 'One print mode',
  params: StaffIdParamsSchema,
  responses: ok(StaffPrintModeResponseSchema),
}

/** The workspace's routes of issue 17: the audit log and the sheet editor's evaluate, replay, diff and restore. */
const WORKSPACE_ROUTES: readonly ApiRoute[] = [
  {
    ...staff,
    method: 'GET',
    path: STAFF_AUDIT_LOG_PATH,
    summary: 'The audit log of staff changes, newest first, with filters and paging',
    query: AuditLogQuerySchema,
    responses: ok(AuditLogResponseSchema),
  },
  {
    ...sheet,
    method: 'POST',
    path: sheetPath(staffSheetPaths.evaluate, 'id'),
    summary: 'Evaluate a draft price sheet with test parameters or an analysed object',
    body: json(EvaluateSheetRequestSchema),
    responses: ok(EvaluateSheetResponseSchema),
  },
  {
    ...sheet,
    method: 'POST',
    path: sheetPath(staffSheetPaths.replay, 'id'),
    summary: 'Re-price the last priced configurations under a draft price sheet',
    body: json(ReplaySheetRequestSchema),
    responses: ok(ReplaySheetResponseSchema),
  },
  {
    ...staff,
    method: 'GET',
    path: sheetPath((id) => staffSheetPaths.diff(id, '').split('?')[0]!, 'versionId'),
    summary: 'The cells that differ between two versions of one price sheet',
    params: SheetVersionParamsSchema,
    query: SheetDiffQuerySchema,
    responses: ok(SheetDiffResponseSchema),
  },
  {
    ...staff,
    method: 'POST',
    path: sheetPath(staffSheetPaths.restore, 'versionId'),
    summary: 'Save an old price sheet version again as the newest one',
    params: SheetVersionParamsSchema,
    responses: created(RestoreSheetResponseSchema),
  },
  {
    ...staff,
    method: 'GET',
    path: STAFF_UPLOADS_PATH,
    summary: 'Analysed uploads, newest first, filtered by file name, to evaluate a draft price sheet with',
    query: StaffUploadListQuerySchema,
    responses: ok(StaffUploadListResponseSchema),
  },
]

const staffOrder = { ...staff, params: StaffOrderParamsSchema }

/** The order back office of issue 17 (decision 0105). */
const ORDER_ROUTES: readonly ApiRoute[] = [
  {
    ...staff,
    method: 'GET',
    path: STAFF_ORDERS_PATH,
    summary: 'Orders, newest first, with filters and paging',
    query: StaffOrderListQuerySchema,
    responses: ok(StaffOrderListResponseSchema),
  },
  {
    ...staffOrder,
    method: 'GET',
    path: `${STAFF_ORDERS_PATH}/{orderId}`,
    summary: 'One order with its status history, mails and allowed next statuses',
    responses: ok(StaffOrderDetailResponseSchema),
  },
  {
    ...staff,
    method: 'GET',
    path: `${STAFF_ORDERS_PATH}/{orderId}/lines/{lineId}/file`,
    summary: "An order line's file as the customer uploaded it",
    params: StaffOrderLineParamsSchema,
    responses: binary('application/octet-stream'),
  },
  {
    ...staffOrder,
    method: 'POST',
    path: `${STAFF_ORDERS_PATH}/{orderId}/status`,
    summary: 'Move the order to an allowed next status; the customer gets a mail',
    body: json(ChangeOrderStatusRequestSchema),
    responses: ok(StaffOrderDetailResponseSchema),
  },
  {
    ...staffOrder,
    method: 'POST',
    path: `${STAFF_ORDERS_PATH}/{orderId}/mark-paid`,
    summary: 'The transfer of a prepaid or invoice order arrived',
    responses: ok(StaffOrderDetailResponseSchema),
  },
  {
    ...staffOrder,
    method: 'POST',
    path: `${STAFF_ORDERS_PATH}/{orderId}/printability-note`,
    summary: "A note about one line's printability to the customer, with its wall-thickness picture",
    body: json(PrintabilityNoteRequestSchema),
    responses: ok(PrintabilityNoteResponseSchema),
  },
  {
    ...staff,
    method: 'POST',
    path: '/api/staff/customers/{userId}/verify-company',
    summary: 'Mark a customer account as a verified company',
    params: StaffCustomerParamsSchema,
    responses: ok(VerifyCompanyResponseSchema),
  },
]

const apiKeys = `${STAFF_BASE_PATH}/white-labels/{id}/api-keys`
const apiKey = { ...staff, params: StaffApiKeyParamsSchema }

/** Issue 17: a colour's uploaded thumbnail and the white labels' API keys (decision 0106). */
const THUMBNAIL_AND_KEY_ROUTES: readonly ApiRoute[] = [
  {
    ...staff,
    method: 'POST',
    path: `${STAFF_BASE_PATH}/colors/{id}/thumbnail`,
    summary: "Upload a colour's thumbnail (PNG, JPEG or WebP, at most 2 MB and 2048 px a side)",
    params: StaffIdParamsSchema,
    body: multipart(ColorThumbnailUploadSchema),
    responses: ok(StaffColorResponseSchema),
  },
  {
    ...staff,
    method: 'DELETE',
    path: `${STAFF_BASE_PATH}/colors/{id}/thumbnail`,
    summary: "Remove a colour's uploaded thumbnail: the generated swatch is shown again",
    params: StaffIdParamsSchema,
    responses: ok(StaffColorResponseSchema),
  },
  {
    ...staff,
    method: 'GET',
    path: apiKeys,
    summary: "A white label's API keys (never the keys themselves)",
    params: StaffIdParamsSchema,
    responses: ok(StaffApiKeyListSchema),
  },
  {
    ...staff,
    method: 'POST',
    path: apiKeys,
    summary: 'Create an API key; the answer is the only time it is shown',
    params: StaffIdParamsSchema,
    body: json(CreateApiKeySchema),
    responses: created(StaffApiKeyCreatedSchema),
  },
  {
    ...apiKey,
    method: 'POST',
    path: `${apiKeys}/{keyId}/rotate`,
    summary: 'Replace an API key; the old one keeps working for 24 hours',
    responses: created(StaffApiKeyCreatedSchema),
  },
  {
    ...apiKey,
    method: 'DELETE',
    path: `${apiKeys}/{keyId}`,
    summary: 'Revoke an API key at once',
    responses: NO_CONTENT,
  },
]

export const STAFF_API_ROUTES: readonly ApiRoute[] = [
  ...STAFF_RESOURCES.flatMap(resourceRoutes),
  PRINT_MODE_READ,
  ...PRICE_SHEET_ROUTES,
  ...WORKSPACE_ROUTES,
  ...ORDER_ROUTES,
  ...THUMBNAIL_AND_KEY_ROUTES,
]
