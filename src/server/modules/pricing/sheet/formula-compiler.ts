import type { BinaryOperator, FormulaNode } from '#server/modules/pricing/sheet/formula-ast.ts'
import { FormulaFault } from '#server/modules/pricing/sheet/formula-fault.ts'
import {
  FORMULA_FUNCTIONS,
  FORMULA_RUNTIME,
  type Evaluator,
  type RuntimeName,
  type Slots,
  type ValueType,
} from '#server/modules/pricing/sheet/formula-functions.ts'

/**
 * Formulas compile to JavaScript source over a Float64Array of slots `s` (variables, then cells), one function per
 * sheet version (decision 0147, which replaced the nested closures of decision 0031: a sheet's evaluation takes a
 * half to a third of the time, evaluate-benchmark.ts, and pricing runs a sheet about ten times per request).
 *
 * No text of a sheet reaches the source. Names become slot numbers, numbers are written by `numeral` from the
 * parsed value, functions are the fixed emitters of formula-functions.ts, and operators come from this file. Before
 * any source is compiled, `assertGeneratedSource` checks that it consists of those tokens only.
 */

/** Names and functions were checked by the sheet analysis before compiling, so the scope always answers. */
export interface CompileScope {
  slotOf(name: string): number
  typeOf(name: string): ValueType
  /** A cell holding a constant is inlined into the formulas that use it. */
  constantOf(name: string): number | undefined
}

export interface CompiledFormula {
  /** The formula as one JavaScript expression over the slots `s` and the names of FORMULA_RUNTIME. */
  readonly source: string
  readonly type: ValueType
  /** Set when the formula does not depend on any variable or non-constant cell: it is computed once at compile. */
  readonly constant: number | undefined
}

/** One cell of a compiled program: its slot, and the expression that fills it. */
export interface ProgramStep {
  readonly slot: number
  readonly source: string
}

/** Runs the steps in order over `slots`; a fault (or any error) is handed to `onFault` with the step's index. */
export type CompiledSteps = (slots: Slots, onFault: (step: number, error: unknown) => never) => void

const NO_SLOTS = new Float64Array(0)
const RUNTIME_NAMES = Object.keys(FORMULA_RUNTIME) as RuntimeName[]
const RUNTIME_VALUES = RUNTIME_NAMES.map((name) => FORMULA_RUNTIME[name])

/**
 * A formula's expression before folding: `reads` says whether it reads a slot. A subtree that reads none is computed
 * once, at the top of it (`settled`): one compilation per constant subtree, not one per node, so a long constant
 * chain (`=0.5 + 1 + 1 + …`, a thousand terms) does not compile a thousand functions.
 */
interface Emitted {
  readonly source: string
  readonly type: ValueType
  readonly reads: boolean
}

export function compileFormula(node: FormulaNode, scope: CompileScope): CompiledFormula {
  const emitted = emit(node, scope)
  return emitted.reads ? { source: emitted.source, type: emitted.type, constant: undefined } : fold(emitted)
}

function emit(node: FormulaNode, scope: CompileScope): Emitted {
  switch (node.kind) {
    case 'number':
      return { source: numeral(node.value), type: 'number', reads: false }
    case 'boolean':
      return { source: node.value ? '1' : '0', type: 'boolean', reads: false }
    case 'name': {
      const type = scope.typeOf(node.name)
      const known = scope.constantOf(node.name)
      if (known !== undefined) return { source: numeral(known), type, reads: false }
      return { source: slotSource(scope.slotOf(node.name)), type, reads: true }
    }
    case 'unary': {
      const [operand] = settled([emit(node.operand, scope)])
      return combined(node.operator === '-' ? `(-${operand!.source})` : operand!.source, 'number', [operand!])
    }
    case 'binary': {
      const [left, right] = settled([emit(node.left, scope), emit(node.right, scope)])
      const type: ValueType = isComparison(node.operator) ? 'boolean' : 'number'
      return combined(binary(node.operator, left!.source, right!.source), type, [left!, right!])
    }
    case 'call': {
      const spec = FORMULA_FUNCTIONS[node.name]
      if (!spec) throw new Error(`unchecked function ${node.name}`)
      const args = settled(node.args.map((item) => emit(item, scope)))
      const type: ValueType =
        spec.returns === 'branches'
          ? args.slice(1).every((item) => item.type === 'boolean')
            ? 'boolean'
            : 'number'
          : spec.returns
      return combined(spec.emit(args.map((item) => item.source)), type, args)
    }
  }
}

/** The children of a node: when one of them reads a slot, each constant one among them is computed now. */
function settled(children: readonly Emitted[]): readonly Emitted[] {
  if (!children.some((child) => child.reads)) return children
  return children.map((child) => (child.reads ? child : { ...child, source: fold(child).source }))
}

/** A node's expression: it reads a slot when one of its children does. */
function combined(source: string, type: ValueType, children: readonly Emitted[]): Emitted {
  return { source, type, reads: children.some((child) => child.reads) }
}

/** One formula's expression as a function of the slots (constant folding, the editor's cell-by-cell test view). */
export function compileEvaluator(source: string): Evaluator {
  return compileSource(`return (s) => ${assertGeneratedSource(source)};`) as Evaluator
}

/**
 * A program's steps as one function: each step's index is kept in `i`, so a fault names its cell, and the steps
 * run in one optimised frame instead of one call per cell.
 */
export function compileSteps(steps: readonly ProgramStep[]): CompiledSteps {
  const body = steps
    .map((step, index) => `i = ${index}; ${slotSource(step.slot)} = ${assertGeneratedSource(step.source)};`)
    .join('\n')
  return compileSource(
    `return (s, onFault) => {\nlet i = 0;\ntry {\n${body}\n} catch (error) {\nonFault(i, error);\n}\n};`,
  ) as CompiledSteps
}

/** Compiles generated source in strict mode with the runtime's functions as its only free names. */
function compileSource(body: string): unknown {
  // Only ever source from this file's emitters, which assertGeneratedSource has checked (decision 0147).
  const factory = new Function(...RUNTIME_NAMES, `'use strict';\n${body}`) as (
    ...runtime: unknown[]
  ) => unknown
  return factory(...RUNTIME_VALUES)
}

/** The source of a slot read or write; a slot is always an array index. */
function slotSource(slot: number): string {
  if (!Number.isSafeInteger(slot) || slot < 0) throw new Error(`not a slot: ${slot}`)
  return `s[${slot}]`
}

/** A number as a JavaScript numeral that reads back as the same value (String is exact for every finite number). */
export function numeral(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Infinity) return 'Infinity'
  if (value === -Infinity) return '(-Infinity)'
  if (Object.is(value, -0)) return '(-0)'
  return value < 0 ? `(-${String(-value)})` : String(value)
}

/**
 * The tokens an expression may hold: whitespace, numerals, `s` and its index brackets, the runtime's names, `NaN`,
 * `Infinity`, operators and parentheses (the program around the expressions is this file's fixed text). Anything
 * else (a quote, a backtick, a brace, `;`, `=`, another name) is a bug of an emitter, and compiling stops.
 */
const TOKEN = /\s+|\d+(?:\.\d+)?(?:e[+-]?\d+)?|[A-Za-z_$][\w$]*|===|!==|<=|>=|&&|\|\||[-+*/<>?:(),![\]=;]/y
const EXPRESSION_WORDS = new Set<string>([...RUNTIME_NAMES, 's', 'NaN', 'Infinity'])

/** Returns `source` if every token of it is one an expression may hold; throws otherwise. */
export function assertGeneratedSource(source: string): string {
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(source)
    const token = match?.[0]
    const bad =
      token === undefined ||
      token === '=' ||
      token === ';' ||
      (/^[A-Za-z_$]/.test(token) && !EXPRESSION_WORDS.has(token))
    if (bad) throw new Error(`generated formula source: unexpected token at ${at}`)
  }
  return source
}

/**
 * A constant expression computed once. A faulting one (`=1/0`) stays an expression, so validation reports it like any
 * other fault, and it faults where it is evaluated (perhaps never: the branch of an IF not taken).
 */
function fold({ source, type }: Emitted): CompiledFormula {
  try {
    const value = compileEvaluator(source)(NO_SLOTS)
    return { source: numeral(value), type, constant: value }
  } catch (error) {
    if (error instanceof FormulaFault) return { source, type, constant: undefined }
    throw error
  }
}

function isComparison(operator: BinaryOperator): boolean {
  return (
    operator === '=' ||
    operator === '<>' ||
    operator === '<' ||
    operator === '<=' ||
    operator === '>' ||
    operator === '>='
  )
}

/** The operators: every arithmetic result checked, comparisons as 1 and 0. Operands are atoms (parenthesised). */
function binary(operator: BinaryOperator, left: string, right: string): string {
  switch (operator) {
    case '+':
    case '-':
    case '*':
      return `checked(${left} ${operator} ${right})`
    case '/':
      return `divide(${left}, ${right})`
    case '^':
      return `power(${left}, ${right})`
    case '=':
      return `(${left} === ${right} ? 1 : 0)`
    case '<>':
      return `(${left} !== ${right} ? 1 : 0)`
    case '<':
    case '<=':
    case '>':
    case '>=':
      return `(${left} ${operator} ${right} ? 1 : 0)`
  }
}
