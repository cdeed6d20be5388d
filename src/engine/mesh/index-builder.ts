import { AnalysisError } from '../analysis-error.ts'

/** A growable Uint32Array of triangle indices with a hard triangle limit, for readers that do not know the count. */
export class IndexBuilder {
  private data: Uint32Array
  length = 0
  private readonly maxTriangles: number

  constructor(expectedTriangles: number, maxTriangles: number) {
    this.maxTriangles = maxTriangles
    this.data = new Uint32Array(Math.max(48, Math.min(expectedTriangles, maxTriangles) * 3))
  }

  push(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) {
      if (this.length / 3 >= this.maxTriangles) {
        throw new AnalysisError('limit_exceeded', `More than ${this.maxTriangles} triangles`)
      }
      const next = new Uint32Array(Math.min(this.data.length * 2, this.maxTriangles * 3))
      next.set(this.data)
      this.data = next
    }
    const d = this.data
    d[this.length] = a
    d[this.length + 1] = b
    d[this.length + 2] = c
    this.length += 3
  }

  get triangles(): number {
    return this.length / 3
  }

  finish(): Uint32Array {
    return this.data.length === this.length ? this.data : this.data.slice(0, this.length)
  }
}
