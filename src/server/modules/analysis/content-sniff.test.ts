import { describe, expect, it } from 'vitest'
import { contentMatchesFormat } from '#server/modules/analysis/content-sniff.ts'
import { createImage, encodePng } from '#engine/engine.ts'
import { binaryStl, boxSoup } from '#engine/testing/mesh-fixtures.ts'

const text = (value: string): Uint8Array => new TextEncoder().encode(value)
const sniff = (bytes: Uint8Array, format: Parameters<typeof contentMatchesFormat>[2], size = bytes.length) =>
  contentMatchesFormat(bytes.subarray(0, 65_536), size, format)

describe('the upload content sniff', () => {
  const box = binaryStl(boxSoup([0, 0, 0], [1, 1, 1]))

  it('accepts each format by its own evidence', () => {
    expect(sniff(box, 'stl')).toBe(true)
    expect(sniff(text('solid x\n facet normal 0 0 1\n'), 'stl')).toBe(true)
    expect(sniff(text('\ufeff  SOLID x\nendsolid x\n'), 'stl')).toBe(true)
    expect(sniff(text('ply\r\nformat ascii 1.0\n'), 'ply')).toBe(true)
    expect(sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), '3mf')).toBe(true)
    expect(sniff(new Uint8Array([0x4d, 0x4d, 0x10, 0, 0, 0]), '3ds')).toBe(true)
    expect(sniff(text('ISO-10303-21;\nHEADER;'), 'step')).toBe(true)
    // Empty: the engine names it (empty_file) in the task.
    expect(sniff(new Uint8Array(0), 'stl')).toBe(true)
  })

  it('lets a binary STL with a lying count through to the engine, but not a size that fits no facets', () => {
    const lying = new Uint8Array(84 + 50 * 3)
    new DataView(lying.buffer).setUint32(80, 1_000_000_000, true)
    expect(sniff(lying, 'stl')).toBe(true)
    expect(sniff(new Uint8Array(84 + 50 * 3 + 7), 'stl')).toBe(false)
  })

  it('refuses other kinds of files whatever their name says', () => {
    const png = encodePng(createImage(4, 4, [0, 0, 0, 255]))
    for (const format of ['stl', 'ply', '3mf', '3ds', 'step'] as const) expect(sniff(png, format)).toBe(false)
    // A PNG padded to a facet-aligned size is still a PNG.
    const padded = new Uint8Array(84 + 50 * 10)
    padded.set(png.subarray(0, 84))
    expect(sniff(padded, 'stl')).toBe(false)
    expect(sniff(text('<!DOCTYPE html><html><script>alert(1)</script>'), 'stl')).toBe(false)
    expect(sniff(text('solid but no facets here'), 'stl')).toBe(false)
    expect(sniff(box, '3mf')).toBe(false)
    expect(sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), 'stl', 84 + 50)).toBe(false)
    expect(sniff(text('plywood'), 'ply')).toBe(false)
  })
})
