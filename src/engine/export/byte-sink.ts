/**
 * Writes ASCII XML straight into a byte buffer and hands full buffers to a consumer: a 1M-triangle model is about
 * 100 MB of XML, and building it as JS strings (then encoding them) costs more than deflating it.
 */
export class ByteSink {
  private buffer: Uint8Array
  private at = 0
  private readonly flushTo: (chunk: Uint8Array) => void

  constructor(size: number, flushTo: (chunk: Uint8Array) => void) {
    this.buffer = new Uint8Array(size)
    this.flushTo = flushTo
  }

  /** Appends ASCII text (callers escape anything else first). */
  text(s: string): void {
    if (this.at + s.length > this.buffer.length) this.flush()
    if (s.length > this.buffer.length) {
      this.flushTo(Buffer.from(s, 'latin1'))
      return
    }
    const b = this.buffer
    let o = this.at
    for (let i = 0; i < s.length; i++) b[o++] = s.charCodeAt(i)
    this.at = o
  }

  /** Appends a non-negative integer in decimal. */
  uint(n: number): void {
    if (this.at + 20 > this.buffer.length) this.flush()
    this.at = writeUint(this.buffer, this.at, n)
  }

  /** Appends the shortest decimal that reads back as the same float32 (see formatFloat32). */
  float32(value: number): void {
    if (this.at + 32 > this.buffer.length) this.flush()
    this.at = writeFloat32(this.buffer, this.at, value)
  }

  flush(): void {
    if (this.at === 0) return
    this.flushTo(this.buffer.subarray(0, this.at))
    this.buffer = new Uint8Array(this.buffer.length)
    this.at = 0
  }
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i)

function writeUint(b: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    b[at] = 48 + n
    return at + 1
  }
  let digits = 1
  while (digits < 22 && n >= POW10[digits]!) digits++
  let o = at + digits
  const end = o
  while (digits-- > 0) {
    const q = Math.floor(n / 10)
    b[--o] = 48 + (n - q * 10)
    n = q
  }
  return end
}

/**
 * The digits of the shortest 6-9 significant-digit decimal that reads back as `value` (a float32), written as
 * [-]int[.frac] without exponent; values outside [1e-6, 1e9) fall back to the string path.
 */
export function writeFloat32(b: Uint8Array, at: number, value: number): number {
  if (value === 0) {
    b[at] = 48
    return at + 1
  }
  const a = value < 0 ? -value : value
  if (a >= 1e-6 && a < 1e9) {
    const e = Math.floor(Math.log10(a))
    for (let digits = 6; digits <= 9; digits++) {
      const decimals = digits - 1 - e
      if (decimals <= 0) {
        const unit = POW10[-decimals]!
        const n = Math.round(a / unit) * unit
        if (Math.fround(n) !== a) continue
        let o = at
        if (value < 0) b[o++] = 45
        return writeUint(b, o, n)
      }
      const scale = POW10[decimals]!
      let n = Math.round(a * scale)
      if (Math.fround(n / scale) !== a) continue
      let frac = decimals
      while (frac > 0 && n % 10 === 0) {
        n /= 10
        frac--
      }
      let o = at
      if (value < 0) b[o++] = 45
      const whole = Math.floor(n / POW10[frac]!)
      o = writeUint(b, o, whole)
      if (frac > 0) {
        b[o++] = 46
        let rest = n - whole * POW10[frac]!
        for (let k = frac - 1; k >= 0; k--) {
          const d = Math.floor(rest / POW10[k]!)
          b[o++] = 48 + d
          rest -= d * POW10[k]!
        }
      }
      return o
    }
  }
  const s = slowFormat(value)
  for (let i = 0; i < s.length; i++) b[at + i] = s.charCodeAt(i)
  return at + s.length
}

function slowFormat(value: number): string {
  for (let p = 6; p <= 9; p++) {
    const s = Number(value.toPrecision(p))
    if (Math.fround(s) === value) return String(s)
  }
  return String(value)
}
