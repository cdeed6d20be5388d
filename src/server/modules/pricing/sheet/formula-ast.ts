/** The parsed form of one cell formula. `start` is the 0-based offset in the formula text, for editor messages. */
export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>='
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '^'
export type BinaryOperator = ComparisonOperator | ArithmeticOperator

export type FormulaNode =
  | { readonly kind: 'number'; readonly value: number; readonly start: number }
  | { readonly kind: 'boolean'; readonly value: boolean; readonly start: number }
  /** `name` is lower-cased: names are case-insensitive, as in spreadsheets. */
  | { readonly kind: 'name'; readonly name: string; readonly text: string; readonly start: number }
  | {
      readonly kind: 'unary'
      readonly operator: '+' | '-'
      readonly operand: FormulaNode
      readonly start: number
    }
  | {
      readonly kind: 'binary'
      readonly operator: BinaryOperator
      readonly left: FormulaNode
      readonly right: FormulaNode
      readonly start: number
    }
  /** `name` is upper-cased. */
  | {
      readonly kind: 'call'
      readonly name: string
      readonly args: readonly FormulaNode[]
      readonly start: number
    }
