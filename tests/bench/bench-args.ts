/** The command-line options of the bench scripts: `--name value`. */
const args = process.argv.slice(2)

/** The value after `--name`, or undefined when the option is not given. */
export function textOption(name: string): string | undefined {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}

/** The number after `--name`, or `fallback` when the option is not given. */
export function numberOption(name: string, fallback: number): number {
  const value = textOption(name)
  return value === undefined ? fallback : Number(value)
}

/** True when the flag `--name` is given. */
export function flagOption(name: string): boolean {
  return args.includes(`--${name}`)
}
