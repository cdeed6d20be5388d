import { PREVIEW } from '#shared/domain/limits.ts'

/** Perceived brightness of a #rrggbb colour, 0–255 (ITU-R BT.601 weights). */
export function brightnessOf(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!match) return 255
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => Number.parseInt(part ?? '0', 16)) as [
    number,
    number,
    number,
  ]
  return (r * 299 + g * 587 + b * 114) / 1_000
}

/** The model's edges: black on a light colour (brightness above 125), white on a dark one (spec part 1 §9). */
export function edgeColourFor(hex: string): '#000000' | '#ffffff' {
  return brightnessOf(hex) > PREVIEW.edgeBrightnessThreshold ? '#000000' : '#ffffff'
}
