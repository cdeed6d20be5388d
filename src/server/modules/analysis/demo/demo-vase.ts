import { writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * The demo object of the upload step (POST /api/analytx/demo): a twisted, ribbed vase, 80 mm tall, with a 2 mm
 * wall and a 3 mm floor, generated here and committed as demo-vase.stl (binary STL, millimetres) so the server needs
 * no external file. Regenerate with `npx tsx src/server/modules/analysis/demo/demo-vase.ts`; a test checks that the
 * committed file is this function's output.
 *
 * The surface is one lathe profile swept around Z: up the outer wall, across the flat lip, down the inner wall, with
 * a fan closing the floor inside and the base outside. Every vertex is computed once and shared by its faces, so
 * the mesh is closed and consistently wound (counter-clockwise seen from outside) without any repair.
 */

const HEIGHT = 80
const WALL = 2
const FLOOR = 3
const SEGMENTS = 64
const OUTER_RINGS = 32
const INNER_RINGS = 28
const RIBS = 12
const RIB_DEPTH = 0.035
/** Quarter turn of the ribs from base to lip. */
const TWIST = Math.PI / 2

/** The outer radius at height fraction t (0 base, 1 lip): a belly low down, a narrow neck, a flared lip. */
function profileRadius(t: number): number {
  return 18 + 12 * Math.sin(Math.PI * t) ** 1.5 - 6 * t + 5 * t ** 6
}

function ribFactor(angle: number, t: number): number {
  return 1 + RIB_DEPTH * Math.cos(RIBS * angle + TWIST * t)
}

type Vec3 = readonly [number, number, number]

function ring(z: number, inset: number): Vec3[] {
  const t = z / HEIGHT
  const points: Vec3[] = []
  for (let j = 0; j < SEGMENTS; j++) {
    const angle = (2 * Math.PI * j) / SEGMENTS
    const r = profileRadius(t) * ribFactor(angle, t) - inset
    points.push([r * Math.cos(angle), r * Math.sin(angle), z])
  }
  return points
}

/** The vase as triangles, counter-clockwise seen from outside. */
export function demoVaseTriangles(): Vec3[][] {
  const rings: Vec3[][] = []
  for (let i = 0; i <= OUTER_RINGS; i++) rings.push(ring((HEIGHT * i) / OUTER_RINGS, 0))
  for (let i = 0; i <= INNER_RINGS; i++) rings.push(ring(HEIGHT - ((HEIGHT - FLOOR) * i) / INNER_RINGS, WALL))
  const triangles: Vec3[][] = []
  for (let i = 0; i + 1 < rings.length; i++) {
    const lower = rings[i]!
    const upper = rings[i + 1]!
    for (let j = 0; j < SEGMENTS; j++) {
      const k = (j + 1) % SEGMENTS
      triangles.push([lower[j]!, lower[k]!, upper[k]!], [lower[j]!, upper[k]!, upper[j]!])
    }
  }
  const base = rings[0]!
  const floor = rings[rings.length - 1]!
  const baseCentre: Vec3 = [0, 0, 0]
  const floorCentre: Vec3 = [0, 0, FLOOR]
  for (let j = 0; j < SEGMENTS; j++) {
    const k = (j + 1) % SEGMENTS
    triangles.push([baseCentre, base[k]!, base[j]!], [floor[j]!, floor[k]!, floorCentre])
  }
  return triangles
}

export function demoVaseStl(): Uint8Array {
  const triangles = demoVaseTriangles()
  const bytes = new Uint8Array(84 + 50 * triangles.length)
  bytes.set(
    new TextEncoder().encode('Schichtwerk demo vase, mm (src/server/modules/analysis/demo/demo-vase.ts)'),
  )
  const view = new DataView(bytes.buffer)
  view.setUint32(80, triangles.length, true)
  triangles.forEach(([a, b, c], f) => {
    const u = [b![0] - a![0], b![1] - a![1], b![2] - a![2]]
    const v = [c![0] - a![0], c![1] - a![1], c![2] - a![2]]
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!]
    const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1
    const offset = 84 + 50 * f
    const values = [...n.map((x) => x / length), ...a!, ...b!, ...c!]
    values.forEach((value, i) => view.setFloat32(offset + 4 * i, value, true))
  })
  return bytes
}

export const DEMO_VASE_FILE = fileURLToPath(new URL('./demo-vase.stl', import.meta.url))

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(DEMO_VASE_FILE, demoVaseStl())
  process.stdout.write(`wrote ${DEMO_VASE_FILE}\n`)
}
