import type { FormulaNode } from '#server/modules/pricing/sheet/formula-ast.ts'
import { FORMULA_FUNCTIONS } from '#server/modules/pricing/sheet/formula-functions.ts'
import { FormulaSyntaxError } from '#server/modules/pricing/sheet/formula-lexer.ts'
import { parseFormula } from '#server/modules/pricing/sheet/formula-parser.ts'
import {
  NAME_PATTERN,
  OPTION_VARIABLE_PREFIX,
  SHEET_VARIABLES,
} from '#server/modules/pricing/sheet/sheet-variables.ts'
import { REQUIRED_SHEET_RESULT_CELLS } from '#shared/domain/sheet-result-cells.ts'
import {
  SHEET_LIMITS,
  type SheetDraft,
  type SheetIssue,
  type SheetIssueReason,
} from '#server/modules/pricing/sheet/sheet-types.ts'

export type CellContent =
  | { readonly kind: 'literal'; readonly value: number }
  | { readonly kind: 'formula'; readonly node: FormulaNode }
  | { readonly kind: 'broken' }

export interface AnalysedCell {
  /** Lower-cased: names are case-insensitive. */
  readonly name: string
  readonly displayName: string
  readonly content: CellContent
  /** Other cells this one reads, lower-cased, without duplicates. */
  readonly cellReferences: readonly string[]
  /** The cell's own first static issue, if any (its dependants are then blocked, not broken). */
  readonly issue: SheetIssueReason | undefined
}

export interface SheetAnalysis {
  readonly issues: readonly SheetIssue[]
  readonly cells: readonly AnalysedCell[]
  readonly optionVariables: readonly string[]
  /** Cells on a reference cycle; they and their dependants cannot be evaluated. */
  readonly cyclic: ReadonlySet<string>
}

const LITERAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const BUILT_IN_NAMES = new Set(SHEET_VARIABLES.map((variable) => variable.name))
const RESERVED_WORDS = new Set([
  'true',
  'false',
  ...Object.keys(FORMULA_FUNCTIONS).map((name) => name.toLowerCase()),
])

/**
 * Everything that can be said about a sheet without evaluating it: names, syntax, unknown names and functions,
 * argument counts, cycles and the required result cells. Issues are collected, not thrown, so the editor can show
 * them all at once.
 */
export function analyseSheet(draft: SheetDraft): SheetAnalysis {
  const issues: SheetIssue[] = []
  const report = (cell: string, reason: SheetIssueReason, detail?: string, position?: number): void => {
    issues.push({
      cell,
      reason,
      ...(detail === undefined ? {} : { detail }),
      ...(position === undefined ? {} : { position }),
    })
  }

  if (draft.cells.length > SHEET_LIMITS.maxCells)
    report('', 'too_many_cells', `at most ${SHEET_LIMITS.maxCells}`)
  const optionVariables = analyseOptionVariables(draft.optionVariables ?? [], report)
  const optionSet = new Set(optionVariables)

  const cellNames = referableCellNames(draft, optionSet)

  const cells: AnalysedCell[] = []
  const counted = new Set<string>()
  for (const cell of draft.cells) {
    const displayName = cell.name.trim()
    const name = displayName.toLowerCase()
    let issue: SheetIssueReason | undefined
    const flag = (reason: SheetIssueReason, detail?: string, position?: number): void => {
      issue ??= reason
      report(displayName, reason, detail, position)
    }
    if (counted.has(name)) {
      flag('duplicate_name')
      continue
    }
    counted.add(name)
    if (!isValidName(name))
      flag('invalid_name', 'letters, digits and _, not starting with a digit, at most 64')
    else if (BUILT_IN_NAMES.has(name) || optionSet.has(name)) flag('reserved_name', 'this is a variable')
    else if (RESERVED_WORDS.has(name)) flag('reserved_name', 'this is a function or constant')

    const content = parseContent(cell.formula, flag)
    const cellReferences = new Set<string>()
    if (content.kind === 'formula') {
      walk(content.node, (node) => {
        if (node.kind === 'name') {
          if (cellNames.has(node.name)) cellReferences.add(node.name)
          else if (!BUILT_IN_NAMES.has(node.name) && !optionSet.has(node.name)) {
            flag('unknown_name', node.text, node.start)
          }
        } else if (node.kind === 'call') {
          const spec = FORMULA_FUNCTIONS[node.name]
          if (!spec) flag('unknown_function', node.name, node.start)
          else if (node.args.length < spec.minArgs || node.args.length > spec.maxArgs) {
            const expected =
              spec.minArgs === spec.maxArgs ? `${spec.minArgs}` : `${spec.minArgs} to ${spec.maxArgs}`
            flag('wrong_argument_count', `${node.name} takes ${expected} arguments`, node.start)
          }
        }
      })
    }
    const sound = issue === undefined
    cells.push({
      name,
      displayName,
      content: sound ? content : { kind: 'broken' },
      cellReferences: [...cellReferences],
      issue,
    })
  }

  const cyclic = findCycles(cells)
  for (const cell of cells) {
    if (cyclic.has(cell.name)) report(cell.displayName, 'cycle', 'refers back to itself through other cells')
  }
  for (const required of REQUIRED_SHEET_RESULT_CELLS) {
    if (!counted.has(required)) report(required, 'missing_result_cell')
  }
  return { issues, cells, optionVariables, cyclic }
}

/** The names a formula can refer to as cells: each valid cell name once, none that is a variable or reserved word. */
function referableCellNames(draft: SheetDraft, optionSet: ReadonlySet<string>): Set<string> {
  const cellNames = new Set<string>()
  const seenNames = new Set<string>()
  for (const cell of draft.cells) {
    const name = cell.name.trim().toLowerCase()
    if (seenNames.has(name)) continue
    seenNames.add(name)
    if (isValidName(name) && !BUILT_IN_NAMES.has(name) && !optionSet.has(name) && !RESERVED_WORDS.has(name)) {
      cellNames.add(name)
    }
  }
  return cellNames
}

function analyseOptionVariables(
  names: readonly string[],
  report: (cell: string, reason: SheetIssueReason, detail?: string) => void,
): string[] {
  if (names.length > SHEET_LIMITS.maxOptionVariables) {
    report('', 'invalid_option_variable', `at most ${SHEET_LIMITS.maxOptionVariables}`)
  }
  const result: string[] = []
  for (const raw of names) {
    const name = raw.trim().toLowerCase()
    if (!isValidName(name) || !name.startsWith(OPTION_VARIABLE_PREFIX) || name === OPTION_VARIABLE_PREFIX) {
      report(raw, 'invalid_option_variable', `must start with ${OPTION_VARIABLE_PREFIX}`)
    } else if (result.includes(name)) {
      report(raw, 'duplicate_name')
    } else {
      result.push(name)
    }
  }
  return result
}

function parseContent(
  formula: string | number,
  flag: (reason: SheetIssueReason, detail?: string, position?: number) => void,
): CellContent {
  if (typeof formula === 'number') {
    if (Number.isFinite(formula)) return { kind: 'literal', value: formula }
    flag('not_finite')
    return { kind: 'broken' }
  }
  const text = formula.trim()
  if (text.length === 0 || text === '=') {
    flag('empty_formula')
    return { kind: 'broken' }
  }
  if (text.length > SHEET_LIMITS.maxFormulaLength) {
    flag('formula_too_long', `at most ${SHEET_LIMITS.maxFormulaLength} characters`)
    return { kind: 'broken' }
  }
  if (!text.startsWith('=')) {
    if (LITERAL.test(text)) return { kind: 'literal', value: Number(text) }
    flag('syntax_error', 'a value is a number (with a decimal point) or a formula starting with =', 0)
    return { kind: 'broken' }
  }
  try {
    return { kind: 'formula', node: parseFormula(text.slice(1)) }
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) throw error
    // +1: positions refer to the text the author typed, including the leading '='.
    flag('syntax_error', error.message, error.position + 1 + (formula.length - formula.trimStart().length))
    return { kind: 'broken' }
  }
}

function isValidName(name: string): boolean {
  return name.length > 0 && name.length <= SHEET_LIMITS.maxNameLength && NAME_PATTERN.test(name)
}

function walk(node: FormulaNode, visit: (node: FormulaNode) => void): void {
  visit(node)
  switch (node.kind) {
    case 'unary':
      walk(node.operand, visit)
      break
    case 'binary':
      walk(node.left, visit)
      walk(node.right, visit)
      break
    case 'call':
      for (const item of node.args) walk(item, visit)
      break
    default:
      break
  }
}

/** Tarjan's strongly connected components; a component of two or more cells, or a self-reference, is a cycle. */
function findCycles(cells: readonly AnalysedCell[]): Set<string> {
  const edges = new Map(cells.map((cell) => [cell.name, cell.cellReferences]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cyclic = new Set<string>()
  let counter = 0

  const visit = (name: string): void => {
    index.set(name, counter)
    low.set(name, counter)
    counter += 1
    stack.push(name)
    onStack.add(name)
    for (const next of edges.get(name) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(name, Math.min(low.get(name)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(name, Math.min(low.get(name)!, index.get(next)!))
      }
    }
    if (low.get(name) === index.get(name)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== name)
      if (component.length > 1 || (edges.get(name) ?? []).includes(name))
        component.forEach((item) => cyclic.add(item))
    }
  }
  for (const cell of cells) if (!index.has(cell.name)) visit(cell.name)
  return cyclic
}
