import type { BinaryOperator, FormulaNode } from '#server/modules/pricing/sheet/formula-ast.ts'
import { FormulaSyntaxError, tokenize, type Token } from '#server/modules/pricing/sheet/formula-lexer.ts'

/**
 * Binding powers, loosest first, as in Excel and LibreOffice: comparison < + - < * / < ^ < unary minus. So `-2^2` is
 * 4 and `2^3^2` is 64 (left to right), which surprises mathematicians but matches what sheet authors test in a
 * spreadsheet. All binary operators associate to the left.
 */
const BINDING_POWER: Record<BinaryOperator, number> = {
  '=': 1,
  '<>': 1,
  '<': 1,
  '<=': 1,
  '>': 1,
  '>=': 1,
  '+': 2,
  '-': 2,
  '*': 3,
  '/': 3,
  '^': 4,
}
const UNARY_OPERAND_POWER = 4
/** Bounds recursion: a hostile or runaway formula must fail validation, not overflow the stack. */
export const MAX_FORMULA_DEPTH = 64

/** Parses a formula written without its leading `=`; throws FormulaSyntaxError with the offending offset. */
export function parseFormula(formula: string): FormulaNode {
  const tokens = tokenize(formula)
  let position = 0
  const peek = (): Token => tokens[position] ?? tokens[tokens.length - 1]!
  const next = (): Token => {
    const token = peek()
    if (token.kind !== 'end') position += 1
    return token
  }
  const expect = (kind: Token['kind'], what: string): Token => {
    const token = next()
    if (token.kind !== kind) throw unexpected(token, what)
    return token
  }

  let depth = 0
  const parseExpression = (minPower: number): FormulaNode => {
    depth += 1
    if (depth > MAX_FORMULA_DEPTH) throw new FormulaSyntaxError('formula_too_deep', peek().start)
    try {
      return parseOperators(minPower)
    } finally {
      depth -= 1
    }
  }

  const parseOperators = (minPower: number): FormulaNode => {
    let left = parsePrefix()
    for (;;) {
      const token = peek()
      if (token.kind !== 'operator') break
      const power = BINDING_POWER[token.text as BinaryOperator]
      if (power <= minPower) break
      next()
      const right = parseExpression(power)
      left = { kind: 'binary', operator: token.text as BinaryOperator, left, right, start: token.start }
    }
    return left
  }

  const parsePrefix = (): FormulaNode => {
    const token = next()
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: Number(token.text), start: token.start }
      case 'operator':
        if (token.text === '-' || token.text === '+')
          return unaryNode(token.text, parseExpression(UNARY_OPERAND_POWER), token.start)
        throw unexpected(token, 'a value')
      case 'open': {
        const inner = parseExpression(0)
        expect('close', "')'")
        return inner
      }
      case 'name':
        return peek().kind === 'open' ? parseCall(token) : nameNode(token)
      default:
        throw unexpected(token, 'a value')
    }
  }

  const parseCall = (token: Token): FormulaNode => {
    next()
    const args: FormulaNode[] = []
    if (peek().kind === 'close') {
      next()
    } else {
      for (;;) {
        args.push(parseExpression(0))
        const separator = next()
        if (separator.kind === 'close') break
        if (separator.kind !== 'separator') throw unexpected(separator, "';' or ')'")
      }
    }
    return { kind: 'call', name: token.text.toUpperCase(), args, start: token.start }
  }

  const tree = parseExpression(0)
  const rest = peek()
  if (rest.kind !== 'end') throw unexpected(rest, 'an operator or the end of the formula')
  return tree
}

/** A unary plus or minus over its already parsed operand. */
function unaryNode(operator: '+' | '-', operand: FormulaNode, start: number): FormulaNode {
  return { kind: 'unary', operator, operand, start }
}

/** A name token as a node: TRUE and FALSE (any case) are the boolean constants, anything else a name. */
function nameNode(token: Token): FormulaNode {
  const lower = token.text.toLowerCase()
  if (lower === 'true' || lower === 'false')
    return { kind: 'boolean', value: lower === 'true', start: token.start }
  return { kind: 'name', name: lower, text: token.text, start: token.start }
}

function unexpected(token: Token, expected: string): FormulaSyntaxError {
  const found = token.kind === 'end' ? 'the end of the formula' : `'${token.text}'`
  return new FormulaSyntaxError(`expected ${expected}, found ${found}`, token.start)
}
