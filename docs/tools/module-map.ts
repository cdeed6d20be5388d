/**
 * The server modules and the engine as the files say: which module has its `<x>.module.ts`, what each module imports
 * from other modules (by reading its import lines), and what the engine's face (`src/engine/engine.ts`) exports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

export type ServerModule = { name: string; hasModuleFile: boolean; importsFrom: string[] }

export type EngineFace = { folders: string[]; faceExports: string[] }

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => join(dir, path))
    .sort()

/** The file an import specifier points to (`#server/…` or relative), or undefined for packages and other aliases. */
function targetOf(specifier: string, fromFile: string, root: string): string | undefined {
  if (specifier.startsWith('#server/')) return join(root, 'src/server', specifier.slice('#server/'.length))
  if (specifier.startsWith('.')) return resolve(dirname(fromFile), specifier)
  return undefined
}

/** `other/file.ts` for every import of another module's file by the files of `moduleDir`. */
function crossModuleImports(moduleDir: string, modulesDir: string, root: string): string[] {
  const found = new Set<string>()
  for (const file of sourceFiles(moduleDir)) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = specifier === undefined ? undefined : targetOf(specifier, file, root)
      if (!target?.startsWith(modulesDir + sep) || target.startsWith(moduleDir + sep)) continue
      found.add(relative(modulesDir, target).split(sep).join('/'))
    }
  }
  return [...found].sort()
}

export function serverModules(root: string): ServerModule[] {
  const modulesDir = join(root, 'src/server/modules')
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => name)
    .sort()
    .map((name) => {
      const dir = join(modulesDir, name)
      return {
        name,
        hasModuleFile: existsSync(join(dir, `${name}.module.ts`)),
        importsFrom: crossModuleImports(dir, modulesDir, root),
      }
    })
}

/** The names `engine.ts` exports (`export { a, type B } from …` and `export function/const …`). */
function exportedNames(source: string): string[] {
  const names = new Set<string>()
  for (const [, list] of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const item of (list ?? '').split(',')) {
      const name = item
        .replace(/\btype\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim()
      if (name) names.add(name)
    }
  }
  for (const [, name] of source.matchAll(/export\s+(?:async\s+)?(?:function|const|class|type)\s+(\w+)/g)) {
    if (name) names.add(name)
  }
  return [...names].sort((a, b) => a.localeCompare(b))
}

export function engineFace(root: string): EngineFace {
  const dir = join(root, 'src/engine')
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => name)
    .sort()
  return {
    folders,
    faceExports: exportedNames(readFileSync(join(dir, 'engine.ts'), 'utf8')),
  }
}
