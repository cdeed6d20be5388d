import type { UnitOfLength } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { OrderRepo } from '#server/modules/orders/order.repo.ts'
import { orderNotFound } from '#server/modules/orders/orders.service.ts'
import type { StaffOrdersRepo } from '#server/modules/orders/staff-orders.repo.ts'

/**
 * A printability note to the customer about one order line (issue 17, decision 0107): the mail carries the line's
 * wall-thickness picture as the customer's configure view draws it (scale, unit and print mode of the line). The
 * picture is drawn before the transaction (drawing takes seconds; the order row is not held meanwhile) and stored
 * with the outbox row; the history row, the audit entry and the outbox row are written together.
 */

export interface WallThicknessPictureParams {
  scale: number
  unitOfLength: UnitOfLength
  printModeId: string
}

export interface PrintabilityNoteDeps {
  db: Db
  repo: OrderRepo
  staffRepo: StaffOrdersRepo
  wakeOutbox(): void
  /** The analysis module's face: the PNG, or undefined when the object has no wall-thickness analysis. */
  wallThicknessPicture(
    modelFileId: string,
    params: WallThicknessPictureParams,
  ): Promise<Uint8Array | undefined>
}

/** A line id of another order (or none): named at the field, like a validation issue. */
function lineNotInOrder(): AppError {
  return new AppError(ErrorCode.NotFound, 'This line is not part of the order', {
    details: { resource: 'line' },
    issues: [{ path: ['lineId'], code: 'not_in_order', message: 'The line is not part of this order' }],
  })
}

export async function sendPrintabilityNote(
  deps: PrintabilityNoteDeps,
  input: { orderId: string; lineId: string; message: string; staffId: string },
): Promise<{ pictureAttached: boolean }> {
  const { orderId, lineId, message, staffId } = input
  if ((await deps.repo.findOrder(orderId)) === undefined) throw orderNotFound()
  const line = (await deps.repo.listLines(orderId)).find((candidate) => candidate.id === lineId)
  if (line === undefined) throw lineNotInOrder()
  const picture =
    (await deps.wallThicknessPicture(line.model_file_id, {
      scale: line.scale,
      unitOfLength: line.unit_of_length,
      printModeId: line.print_mode_id,
    })) ?? null
  await deps.db.transaction(async (tx) => {
    const row = await deps.repo.lockOrder(tx, orderId)
    if (row === undefined) throw orderNotFound()
    await deps.repo.insertHistory(tx, {
      orderId,
      kind: 'printability_note',
      from: null,
      to: lineId,
      by: staffId,
      note: message,
    })
    await deps.staffRepo.queuePrintabilityNote(tx, { id: newId(), orderId, lineId, message, picture })
    await deps.staffRepo.audit(tx, {
      userId: staffId,
      entity: 'order',
      entityId: orderId,
      details: {
        change: 'printabilityNote',
        orderNumber: row.order_number,
        lineId,
        position: line.position,
        note: message,
        pictureAttached: picture !== null,
      },
    })
  })
  deps.wakeOutbox()
  return { pictureAttached: picture !== null }
}
