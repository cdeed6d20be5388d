import {
  compileEvaluator,
  compileFormula,
  compileSteps,
  type CompiledSteps,
} from '#server/modules/pricing/sheet/formula-compiler.ts'
import { FormulaFault } from '#server/modules/pricing/sheet/formula-fault.ts'
import type { Evaluator, ValueType } from '#server/modules/pricing/sheet/formula-functions.ts'
import type { AnalysedCell, SheetAnalysis } from '#server/modules/pricing/sheet/sheet-analysis.ts'
import type { SheetIssueReason } from '#server/modules/pricing/sheet/sheet-types.ts'
import {
  RESULT_CELLS,
  SHEET_VARIABLES,
  type SheetInputs,
} from '#server/modules/pricing/sheet/sheet-variables.ts'

export interface ProgramCell {
  readonly name: string
  readonly displayName: string
  readonly slot: number
  readonly type: ValueType
  /** Why the cell cannot be evaluated at all (a static issue of its own, a cycle, or a blocked dependency). */
  readonly blocked: SheetIssueReason | undefined
  /** The formula as a JavaScript expression over the slots (formula-compiler.ts), for a cell that is computed. */
  readonly source: string | undefined
  readonly constant: number | undefined
  readonly dependencySlots: readonly number[]
}

export type CellOutcome =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly reason: SheetIssueReason }

/**
 * The slot layout of one sheet: the built-in variables (in SHEET_VARIABLES order), then its option variables, then
 * its cells. Cells are compiled in dependency order; constants are computed once into the template.
 */
export class SheetProgram {
  readonly cells: readonly ProgramCell[]
  readonly optionSlots: ReadonlyMap<string, number>
  /** Non-constant, evaluable cells in dependency order. */
  private readonly allSteps: readonly ProgramCell[]
  /** The same, limited to the cells the result cells depend on: all that pricing needs to run. */
  private readonly steps: readonly ProgramCell[]
  /** The steps as one generated function (decision 0147). */
  private readonly runSteps: CompiledSteps
  /** The editor's test view evaluates cell by cell: each cell's own function, compiled when it first needs it. */
  private readonly cellEvaluators = new Map<number, Evaluator>()
  private readonly template: Float64Array
  private readonly slots: Float64Array
  private readonly slotByName: ReadonlyMap<string, number>
  private readonly optionBase: number
  private readonly optionCount: number

  constructor(analysis: SheetAnalysis) {
    this.optionBase = SHEET_VARIABLES.length
    this.optionCount = analysis.optionVariables.length
    const cellBase = this.optionBase + this.optionCount
    const slotByName = new Map<string, number>()
    SHEET_VARIABLES.forEach((variable, index) => slotByName.set(variable.name, index))
    analysis.optionVariables.forEach((name, index) => slotByName.set(name, this.optionBase + index))
    this.optionSlots = new Map(analysis.optionVariables.map((name, index) => [name, this.optionBase + index]))
    analysis.cells.forEach((cell, index) => slotByName.set(cell.name, cellBase + index))
    this.slotByName = slotByName
    this.template = new Float64Array(cellBase + analysis.cells.length)

    const byName = new Map(analysis.cells.map((cell) => [cell.name, cell]))
    const built = new Map<string, ProgramCell>()
    const order: ProgramCell[] = []
    const build = (name: string): ProgramCell => {
      const existing = built.get(name)
      if (existing) return existing
      const cell = byName.get(name)!
      const slot = slotByName.get(name)!
      const dependencies = analysis.cyclic.has(name) ? [] : cell.cellReferences.map(build)
      const dependencySlots = dependencies.map((dependency) => dependency.slot)
      const blocked: SheetIssueReason | undefined = analysis.cyclic.has(name)
        ? 'cycle'
        : cell.issue !== undefined
          ? cell.issue
          : dependencies.some((dependency) => dependency.blocked !== undefined)
            ? 'dependency_failed'
            : undefined
      let program: ProgramCell = {
        name,
        displayName: cell.displayName,
        slot,
        type: 'number',
        blocked,
        source: undefined,
        constant: undefined,
        dependencySlots,
      }
      if (blocked === undefined && cell.content.kind === 'literal') {
        program = { ...program, constant: cell.content.value }
      } else if (blocked === undefined && cell.content.kind === 'formula') {
        const compiled = compileFormula(cell.content.node, {
          slotOf: (reference) => slotByName.get(reference)!,
          typeOf: (reference) => built.get(reference)?.type ?? 'number',
          constantOf: (reference) => built.get(reference)?.constant,
        })
        program = {
          ...program,
          type: compiled.type,
          source: compiled.constant === undefined ? compiled.source : undefined,
          constant: compiled.constant,
        }
      }
      if (program.constant !== undefined) this.template[slot] = program.constant
      built.set(name, program)
      if (program.blocked === undefined && program.constant === undefined) order.push(program)
      return program
    }
    // A cycle member is marked before its references are followed, so the recursion always ends.
    for (const name of analysis.cyclic) {
      built.set(name, cycleMember(name, byName.get(name)!.displayName, slotByName.get(name)!))
    }
    for (const cell of analysis.cells) build(cell.name)
    this.cells = analysis.cells.map((cell) => built.get(cell.name)!)
    const needed = cellsNeededForResults(byName)
    this.allSteps = order
    this.steps = order.filter((cell) => needed.has(cell.name))
    this.runSteps = compileSteps(this.steps.map((cell) => ({ slot: cell.slot, source: cell.source! })))
    this.slots = new Float64Array(this.template.length)
  }

  slotOf(name: string): number | undefined {
    return this.slotByName.get(name)
  }

  /**
   * Evaluates every cell for one configuration and returns the shared slot array (valid until the next call; the
   * evaluation is synchronous, so nothing can interleave). Throws ProgramFault naming the cell that failed.
   */
  run(inputs: SheetInputs): Float64Array {
    const slots = this.slots
    slots.set(this.template)
    this.fillInputs(slots, inputs)
    this.runSteps(slots, this.onFault)
    return slots
  }

  /** A step's fault, named after its cell; any other error goes on as it is. */
  private readonly onFault = (step: number, error: unknown): never => {
    if (error instanceof FormulaFault) throw new ProgramFault(this.steps[step]!.displayName, error.reason)
    throw error
  }

  private evaluatorOf(cell: ProgramCell): Evaluator {
    let evaluator = this.cellEvaluators.get(cell.slot)
    if (evaluator === undefined)
      this.cellEvaluators.set(cell.slot, (evaluator = compileEvaluator(cell.source!)))
    return evaluator
  }

  /** Evaluates cell by cell, recording each failure instead of stopping: what the editor's test view needs. */
  runLenient(inputs: SheetInputs): Map<string, CellOutcome> {
    const slots = new Float64Array(this.template)
    this.fillInputs(slots, inputs)
    const failed = new Set<number>()
    const outcomes = new Map<string, CellOutcome>()
    for (const cell of this.cells) {
      if (cell.blocked !== undefined) {
        failed.add(cell.slot)
        outcomes.set(cell.name, { ok: false, reason: cell.blocked })
      } else if (cell.constant !== undefined) {
        outcomes.set(cell.name, { ok: true, value: cell.constant })
      }
    }
    for (const cell of this.allSteps) {
      if (cell.dependencySlots.some((slot) => failed.has(slot))) {
        failed.add(cell.slot)
        outcomes.set(cell.name, { ok: false, reason: 'dependency_failed' })
        continue
      }
      try {
        slots[cell.slot] = this.evaluatorOf(cell)(slots)
        outcomes.set(cell.name, { ok: true, value: slots[cell.slot]! })
      } catch (error) {
        if (!(error instanceof FormulaFault)) throw error
        failed.add(cell.slot)
        outcomes.set(cell.name, { ok: false, reason: error.reason })
      }
    }
    return outcomes
  }

  private fillInputs(slots: Float64Array, inputs: SheetInputs): void {
    // Written out rather than looped over SHEET_VARIABLES: monomorphic property loads on the hot path. A unit test
    // keeps this order equal to SHEET_VARIABLES.
    slots[0] = inputs.xMm
    slots[1] = inputs.yMm
    slots[2] = inputs.zMm
    slots[3] = inputs.internalVolumeMm3
    slots[4] = inputs.externalVolumeMm3
    slots[5] = inputs.surfaceAreaMm2
    slots[6] = inputs.minXMm
    slots[7] = inputs.maxXMm
    slots[8] = inputs.maxYMm
    slots[9] = inputs.quantity
    slots[10] = inputs.color
    slots[11] = inputs.finish
    for (let index = 0; index < this.optionBase; index++) {
      const value = slots[index]!
      if (value - value !== 0) throw new ProgramFault(SHEET_VARIABLES[index]!.name, 'invalid_input')
    }
    if (this.optionCount > 0) slots.fill(0, this.optionBase, this.optionBase + this.optionCount)
    const options = inputs.options
    if (options === undefined) return
    for (const key in options) {
      const slot = this.optionSlots.get(key.toLowerCase())
      if (slot === undefined) throw new ProgramFault(key, 'unknown_option')
      const value = options[key]!
      if (value - value !== 0) throw new ProgramFault(key, 'invalid_input')
      slots[slot] = value
    }
  }
}

/** A cell on a reference cycle: blocked, with no dependencies, so building its dependants never recurses into it. */
function cycleMember(name: string, displayName: string, slot: number): ProgramCell {
  return {
    name,
    displayName,
    slot,
    type: 'number',
    blocked: 'cycle',
    source: undefined,
    constant: undefined,
    dependencySlots: [],
  }
}

/** The names of the result cells and of every cell they read, directly or through other cells. */
function cellsNeededForResults(byName: ReadonlyMap<string, AnalysedCell>): Set<string> {
  const needed = new Set<string>()
  const need = (name: string): void => {
    if (needed.has(name) || !byName.has(name)) return
    needed.add(name)
    for (const reference of byName.get(name)!.cellReferences) need(reference)
  }
  Object.values(RESULT_CELLS).forEach(need)
  return needed
}

/** A failed evaluation, before the compiled sheet wraps it with its version id. */
export class ProgramFault extends Error {
  readonly cell: string
  readonly reason: SheetIssueReason

  constructor(cell: string, reason: SheetIssueReason) {
    super(`${cell}: ${reason}`)
    this.name = 'ProgramFault'
    this.cell = cell
    this.reason = reason
  }
}
