import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  CreateColorSchema,
  CreateNamedSchema,
  CreatePrintModeSchema,
  CreateProcessingStepSchema,
  CreateSurfaceFinishSchema,
  CreateWhiteLabelSchema,
  STAFF_RESOURCE_CONTRACTS,
  STAFF_RESOURCES,
  staffPaths,
  UpdateColorSchema,
  UpdateNamedSchema,
  UpdatePrintModeSchema,
  UpdateProcessingStepSchema,
  UpdateSurfaceFinishSchema,
  UpdateWhiteLabelSchema,
  StaffColorListSchema,
  StaffColorResponseSchema,
  StaffPrintModeListSchema,
  StaffPrintModeResponseSchema,
  StaffProcessingStepListSchema,
  StaffProcessingStepResponseSchema,
  StaffSurfaceFinishListSchema,
  StaffSurfaceFinishResponseSchema,
  StaffWhiteLabelListSchema,
  StaffWhiteLabelResponseSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { StaffCatalogueService } from '#server/modules/catalogue/staff-catalogue.service.ts'

/** The staff catalogue routes of each entity (staff-catalogue.routes.ts registers them all under one pre-handler). */

export interface StaffRouteContext {
  staff: StaffCatalogueService
  /** The signed-in staff user's id, for the audit log. */
  userOf: (request: FastifyRequest) => string
  /** The `:id` path parameter, checked. */
  idOf: (request: FastifyRequest) => string
}

/** Materials and methods share their routes; each answers with its own contracts (keyed by the resource name). */
const namedAnswers = (resource: 'materials' | 'methods'): { list: z.ZodType; one: z.ZodType } =>
  STAFF_RESOURCE_CONTRACTS[resource]

/** White labels. */
export function registerWhiteLabelRoutes(
  app: FastifyInstance,
  { staff, userOf, idOf }: StaffRouteContext,
): void {
  app.get(staffPaths.list('white-labels'), async () =>
    parseResponse(StaffWhiteLabelListSchema, {
      whiteLabels: await staff.listWhiteLabels(),
    }),
  )
  app.post(staffPaths.list('white-labels'), async (request, reply) => {
    const created = await staff.createWhiteLabel(userOf(request), CreateWhiteLabelSchema.parse(request.body))
    return reply.code(201).send(parseResponse(StaffWhiteLabelResponseSchema, { whiteLabel: created }))
  })
  app.patch(`${staffPaths.list('white-labels')}/:id`, async (request) => {
    const updated = await staff.updateWhiteLabel(
      userOf(request),
      idOf(request),
      UpdateWhiteLabelSchema.parse(request.body),
    )
    return parseResponse(StaffWhiteLabelResponseSchema, { whiteLabel: updated })
  })
}

/** Materials and methods. */
export function registerNamedRoutes(app: FastifyInstance, { staff, userOf, idOf }: StaffRouteContext): void {
  for (const [resource, table, key] of [
    ['materials', 'materials', 'material'],
    ['methods', 'methods', 'method'],
  ] as const) {
    app.get(staffPaths.list(resource), async () =>
      parseResponse(namedAnswers(resource).list, { [resource]: await staff.listNamed(table) }),
    )
    app.post(staffPaths.list(resource), async (request, reply) => {
      const created = await staff.createNamed(userOf(request), table, CreateNamedSchema.parse(request.body))
      return reply.code(201).send(parseResponse(namedAnswers(resource).one, { [key]: created }))
    })
    app.patch(`${staffPaths.list(resource)}/:id`, async (request) => {
      const updated = await staff.updateNamed(
        userOf(request),
        table,
        idOf(request),
        UpdateNamedSchema.parse(request.body),
      )
      return parseResponse(namedAnswers(resource).one, { [key]: updated })
    })
  }
}

/** Surface finishes. */
export function registerFinishRoutes(app: FastifyInstance, { staff, userOf, idOf }: StaffRouteContext): void {
  app.get(staffPaths.list('surface-finishes'), async () =>
    parseResponse(StaffSurfaceFinishListSchema, {
      surfaceFinishes: await staff.listFinishes(),
    }),
  )
  app.post(staffPaths.list('surface-finishes'), async (request, reply) => {
    const created = await staff.createFinish(userOf(request), CreateSurfaceFinishSchema.parse(request.body))
    return reply.code(201).send(parseResponse(StaffSurfaceFinishResponseSchema, { surfaceFinish: created }))
  })
  app.patch(`${staffPaths.list('surface-finishes')}/:id`, async (request) => {
    const updated = await staff.updateFinish(
      userOf(request),
      idOf(request),
      UpdateSurfaceFinishSchema.parse(request.body),
    )
    return parseResponse(StaffSurfaceFinishResponseSchema, { surfaceFinish: updated })
  })
}

/** Colours. */
export function registerColorRoutes(app: FastifyInstance, { staff, userOf, idOf }: StaffRouteContext): void {
  app.get(staffPaths.list('colors'), async () =>
    parseResponse(StaffColorListSchema, { colors: await staff.listColors() }),
  )
  app.post(staffPaths.list('colors'), async (request, reply) => {
    const created = await staff.createColor(userOf(request), CreateColorSchema.parse(request.body))
    return reply.code(201).send(parseResponse(StaffColorResponseSchema, { color: created }))
  })
  app.patch(`${staffPaths.list('colors')}/:id`, async (request) => {
    const updated = await staff.updateColor(
      userOf(request),
      idOf(request),
      UpdateColorSchema.parse(request.body),
    )
    return parseResponse(StaffColorResponseSchema, { color: updated })
  })
}

/** Processing steps. */
export function registerStepRoutes(app: FastifyInstance, { staff, userOf, idOf }: StaffRouteContext): void {
  app.get(staffPaths.list('processing-steps'), async () =>
    parseResponse(StaffProcessingStepListSchema, {
      processingSteps: await staff.listSteps(),
    }),
  )
  app.post(staffPaths.list('processing-steps'), async (request, reply) => {
    const created = await staff.createStep(userOf(request), CreateProcessingStepSchema.parse(request.body))
    return reply.code(201).send(parseResponse(StaffProcessingStepResponseSchema, { processingStep: created }))
  })
  app.patch(`${staffPaths.list('processing-steps')}/:id`, async (request) => {
    const updated = await staff.updateStep(
      userOf(request),
      idOf(request),
      UpdateProcessingStepSchema.parse(request.body),
    )
    return parseResponse(StaffProcessingStepResponseSchema, {
      processingStep: updated,
    })
  })
}

/** Print modes. */
export function registerPrintModeRoutes(
  app: FastifyInstance,
  { staff, userOf, idOf }: StaffRouteContext,
): void {
  app.get(staffPaths.list('print-modes'), async () =>
    parseResponse(StaffPrintModeListSchema, { printModes: await staff.listPrintModes() }),
  )
  app.get(`${staffPaths.list('print-modes')}/:id`, async (request) =>
    parseResponse(StaffPrintModeResponseSchema, {
      printMode: await staff.getPrintMode(idOf(request)),
    }),
  )
  app.post(staffPaths.list('print-modes'), async (request, reply) => {
    const created = await staff.createPrintMode(userOf(request), CreatePrintModeSchema.parse(request.body))
    return reply.code(201).send(parseResponse(StaffPrintModeResponseSchema, { printMode: created }))
  })
  app.patch(`${staffPaths.list('print-modes')}/:id`, async (request) => {
    const updated = await staff.updatePrintMode(
      userOf(request),
      idOf(request),
      UpdatePrintModeSchema.parse(request.body),
    )
    return parseResponse(StaffPrintModeResponseSchema, { printMode: updated })
  })
}

/** Archive and restore, for every resource: nothing an order may name is deleted. */
export function registerArchiveRoutes(
  app: FastifyInstance,
  { staff, userOf, idOf }: StaffRouteContext,
): void {
  for (const resource of STAFF_RESOURCES) {
    for (const archived of [true, false]) {
      const path = `${staffPaths.list(resource)}/:id/${archived ? 'archive' : 'restore'}`
      app.post(path, async (request, reply) => {
        await staff.setArchived(userOf(request), resource, idOf(request), archived)
        return reply.code(204).send()
      })
    }
  }
}
