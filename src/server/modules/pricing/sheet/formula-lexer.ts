export type TokenKind = 'number' | 'name' | 'operator' | 'open' | 'close' | 'separator' | 'end'

export interface Token {
  readonly kind: TokenKind
  readonly text: string
  readonly start: number
}

export class FormulaSyntaxError extends Error {
  readonly position: number

  constructor(message: string, position: number) {
    super(message)
    this.name = 'FormulaSyntaxError'
    this.position = position
  }
}

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y
const TWO_CHAR_OPERATORS = new Set(['<=', '>=', '<>'])
const ONE_CHAR_OPERATORS = new Set(['+', '-', '*', '/', '^', '=', '<', '>'])
/** Common slips from programming languages, answered with the spreadsheet spelling instead of "unexpected". */
const MISSPELLED_OPERATORS: Record<string, string> = { '==': '=', '!=': '<>', '&&': 'AND()', '||': 'OR()' }

/**
 * Splits a formula (without its leading `=`) into tokens. Both `;` (German spreadsheets) and `,` separate function
 * arguments, which is why a decimal comma cannot be supported: numbers use a point.
 */
export function tokenize(formula: string): Token[] {
  const tokens: Token[] = []
  let index = 0
  while (index < formula.length) {
    const char = formula.charAt(index)
    if (/\s/.test(char)) {
      index += 1
      continue
    }
    NUMBER.lastIndex = index
    const number = NUMBER.exec(formula)
    if (number) {
      const end = index + number[0].length
      if (/[A-Za-z_.]/.test(formula.charAt(end))) throw new FormulaSyntaxError('malformed_number', index)
      tokens.push({ kind: 'number', text: number[0], start: index })
      index = end
      continue
    }
    NAME.lastIndex = index
    const name = NAME.exec(formula)
    if (name) {
      tokens.push({ kind: 'name', text: name[0], start: index })
      index += name[0].length
      continue
    }
    const pair = formula.slice(index, index + 2)
    const misspelled = MISSPELLED_OPERATORS[pair]
    if (misspelled !== undefined) throw new FormulaSyntaxError(`use ${misspelled} instead of ${pair}`, index)
    if (TWO_CHAR_OPERATORS.has(pair)) {
      tokens.push({ kind: 'operator', text: pair, start: index })
      index += 2
      continue
    }
    if (ONE_CHAR_OPERATORS.has(char)) tokens.push({ kind: 'operator', text: char, start: index })
    else if (char === '(') tokens.push({ kind: 'open', text: char, start: index })
    else if (char === ')') tokens.push({ kind: 'close', text: char, start: index })
    else if (char === ';' || char === ',') tokens.push({ kind: 'separator', text: char, start: index })
    else throw new FormulaSyntaxError(`unexpected character '${char}'`, index)
    index += 1
  }
  tokens.push({ kind: 'end', text: '', start: formula.length })
  return tokens
}
