import { msg } from '@lingui/core/macro'
import { type MessageDescriptor } from '@lingui/core'

/** The formula engine's reasons (sheet-types.ts SheetIssueReason) as the editor shows them at the cell. */
export const SHEET_ISSUE_TEXTS: Readonly<Record<string, MessageDescriptor>> = {
  too_many_cells: msg`Zu viele Zellen`,
  invalid_name: msg`Ungültiger Zellname`,
  reserved_name: msg`Dieser Name ist reserviert`,
  duplicate_name: msg`Der Name kommt doppelt vor`,
  invalid_option_variable: msg`Ungültige Optionsvariable`,
  empty_formula: msg`Die Formel ist leer`,
  formula_too_long: msg`Die Formel ist zu lang`,
  syntax_error: msg`Syntaxfehler in der Formel`,
  unknown_name: msg`Unbekannter Name in der Formel`,
  unknown_function: msg`Unbekannte Funktion`,
  wrong_argument_count: msg`Falsche Anzahl an Argumenten`,
  cycle: msg`Zirkelbezug`,
  missing_result_cell: msg`Eine Ergebniszelle fehlt`,
  invalid_input: msg`Ungültiger Eingabewert`,
  unknown_option: msg`Unbekannte Option`,
  division_by_zero: msg`Division durch null`,
  not_finite: msg`Das Ergebnis ist keine endliche Zahl`,
  invalid_argument: msg`Ungültiges Argument`,
  negative_result: msg`Das Ergebnis ist negativ`,
  result_too_large: msg`Das Ergebnis ist zu groß`,
  dependency_failed: msg`Eine verwendete Zelle hat einen Fehler`,
}
export const UNKNOWN_SHEET_ISSUE = msg`Fehler in dieser Zelle`
