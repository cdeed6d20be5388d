import { OBJECT_NAME_MAX } from '#shared/contracts/analysis.contract.ts'

/** File names from clients: what we keep of them, the object's display name, and download names. */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g

const FILE_NAME_MAX = 255

/**
 * The part of a client's file name we keep: its last path segment, without control characters, at most 255
 * characters. A longer name loses the end of its stem, never its extension: the extension picks the format.
 */
export function cleanFileName(fileName: string): string {
  const base = (fileName.split(/[/\\]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim()
  if (base.length <= FILE_NAME_MAX) return base
  const dot = base.lastIndexOf('.')
  const extension = dot > 0 && base.length - dot <= 8 ? base.slice(dot) : ''
  return base.slice(0, FILE_NAME_MAX - extension.length) + extension
}

/** The object's display name: the file name without its extension (spec: "Bracket.STL" shows as "Bracket"). */
export function objectNameOf(fileName: string): string {
  const clean = cleanFileName(fileName)
  const dot = clean.lastIndexOf('.')
  const name = (dot > 0 ? clean.slice(0, dot) : clean).trim().slice(0, OBJECT_NAME_MAX).trim()
  return name === '' ? 'Model' : name
}
