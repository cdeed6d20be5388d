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
// 10^e for e = -7 … 9 as doubles, for the decimal exponent of a value in [1e-6, 1e9) (index e + 7)
const EXPONENT_STEPS = Array.from({ length: 17 }, (_, i) => Number(`1e${i - 7}`))
// "00", "01", … "99" as character codes: two digits per division
const DIGIT_PAIRS = Uint8Array.from(
  { length: 200 },
  (_, i) => 48 + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10),
)

function writeUint(b: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    b[at] = 48 + n
    return at + 1
  }
  if (n >= 0x80000000) return writeUintSlow(b, at, n)
  // integer arithmetic (n < 2^31): V8 turns the divisions by constants into multiplications
  const end = at + decimalLength(n)
  writeDigits(b, end, n)
  return end
}

/** Digits of a non-negative integer below 2^31 (at least one), written backwards so that the last ends before `end`. */
function writeDigits(b: Uint8Array, end: number, n: number): void {
  let o = end
  while (n >= 100) {
    const q = (n / 100) | 0
    const r = (n - q * 100) << 1
    b[--o] = DIGIT_PAIRS[r + 1]!
    b[--o] = DIGIT_PAIRS[r]!
    n = q
  }
  if (n >= 10) {
    const r = n << 1
    b[--o] = DIGIT_PAIRS[r + 1]!
    b[--o] = DIGIT_PAIRS[r]!
  } else {
    b[--o] = 48 + n
  }
}

function decimalLength(n: number): number {
  let digits = 1
  while (digits < 22 && n >= POW10[digits]!) digits++
  return digits
}

function writeUintSlow(b: Uint8Array, at: number, n: number): number {
  let digits = decimalLength(n)
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
 *
 * The candidate of each length is `Math.round(a * 10^decimals)`, checked by dividing back: these operations decide
 * the bytes of every stored 3MF and stay as they are. The exponent is found by comparison with the powers of ten
 * instead of `Math.floor(Math.log10(a))`: no float32 other than an exact power of ten lies within a double's rounding
 * of one, and log10 is exact at exact powers, so both give the same exponent (format-float32.test.ts checks it).
 */
export function writeFloat32(b: Uint8Array, at: number, value: number): number {
  if (value === 0) {
    b[at] = 48
    return at + 1
  }
  const a = value < 0 ? -value : value
  if (a >= 1e-6 && a < 1e9) {
    const e = decimalExponent(a)
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
      // below 10^9 < 2^31: an int32 from here on
      let n = Math.round(a * scale)
      if (Math.fround(n / scale) !== a) continue
      let frac = decimals
      while (frac > 0 && n % 10 === 0) {
        n = (n / 10) | 0
        frac--
      }
      let o = at
      if (value < 0) b[o++] = 45
      if (frac === 0) return writeUint(b, o, n)
      // the last `frac` digits of n after the point (zero-padded: "0.000…" when n < 10^frac), then the whole part
      const length = decimalLength(n)
      const end = o + (length > frac ? length + 1 : frac + 2)
      let p = end
      for (let k = 0; k < frac; k++) {
        const q = (n / 10) | 0
        b[--p] = 48 + n - q * 10
        n = q
      }
      b[--p] = 46
      writeDigits(b, p, n)
      return end
    }
  }
  const s = slowFormat(value)
  for (let i = 0; i < s.length; i++) b[at + i] = s.charCodeAt(i)
  return at + s.length
}

/** floor(log10(a)) for a float32 `a` in [1e-6, 1e9), by comparison with the powers of ten (see writeFloat32). */
export function decimalExponent(a: number): number {
  let e = a >= 1 ? 0 : -6
  while (a >= EXPONENT_STEPS[e + 8]!) e++
  return e
}

function slowFormat(value: number): string {
  for (let p = 6; p <= 9; p++) {
    const s = Number(value.toPrecision(p))
    if (Math.fround(s) === value) return String(s)
  }
  return String(value)
}
