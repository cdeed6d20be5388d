import { type UnitOfLength } from '#shared/domain/limits.ts'

const TO_MM: Record<UnitOfLength, number> = { mm: 1, cm: 10, inch: 25.4 }

/** Millimetres per unit of the spec's units of length. */
export function unitToMm(unit: UnitOfLength): number {
  return TO_MM[unit]
}
