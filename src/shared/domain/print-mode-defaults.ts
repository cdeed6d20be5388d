/**
 * The configure defaults (spec part 1 §4), written once for the client's configure view, the pricing endpoint and
 * the cart: a print mode's default is its first finish, then that finish's first colour; a print mode without
 * finishes defaults to its first colour. Changing the print mode drops the finish and colour back to these
 * defaults, changing the finish drops the colour back to that finish's first one, unless the change names them.
 *
 * Generic over what a finish and a colour are: the client holds contract objects, the server its catalogue cache
 * entries, and each says how to find a finish's first colour in its own data.
 */

export interface PrintModeDefaults<F, C> {
  readonly finish: F | null
  readonly colour: C | null
}

/**
 * The defaults of a print mode, given its finishes in display order and its first colour for a finish (or for no
 * finish). `chosenFinish` is a finish already named: only its first colour is then defaulted.
 */
export function printModeDefaults<F, C>(
  finishes: readonly F[],
  firstColourOf: (finish: F | null) => C | undefined,
  chosenFinish?: F | null,
): PrintModeDefaults<F, C> {
  const finish = chosenFinish === undefined ? (finishes[0] ?? null) : chosenFinish
  return { finish, colour: firstColourOf(finish) ?? null }
}

/** A selection as stored; null finish or colour means "the print mode's default". */
export interface StoredSelection {
  readonly printModeId: string
  readonly surfaceFinishId: string | null
  readonly colorId: string | null
}

/** A change to a selection; an absent field keeps its value (or falls back to the default, see below). */
export interface SelectionChange {
  readonly printModeId?: string | undefined
  readonly surfaceFinishId?: string | null | undefined
  readonly colorId?: string | null | undefined
}

/**
 * The selection after a change: a new print mode starts from its defaults (null), a new finish from its first
 * colour (null), unless the change names them too.
 */
export function changedSelection(current: StoredSelection, change: SelectionChange): StoredSelection {
  const printModeId = change.printModeId ?? current.printModeId
  const modeChanged = printModeId !== current.printModeId
  const surfaceFinishId =
    change.surfaceFinishId !== undefined
      ? change.surfaceFinishId
      : modeChanged
        ? null
        : current.surfaceFinishId
  const finishChanged = change.surfaceFinishId !== undefined && surfaceFinishId !== current.surfaceFinishId
  const colorId =
    change.colorId !== undefined ? change.colorId : modeChanged || finishChanged ? null : current.colorId
  return { printModeId, surfaceFinishId, colorId }
}
