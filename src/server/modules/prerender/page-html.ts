import { PRERENDER_DATA_ELEMENT_ID, type PrerenderedPage } from '#shared/prerender/prerender-entry.ts'

/** What of the client build's manifest (`.vite/manifest.json`) the page needs: a chunk's file, CSS and imports. */
export type ManifestChunk = { file: string; css?: string[]; imports?: string[] }
export type ClientManifest = Record<string, ManifestChunk>

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * JSON inside `<script type="application/json">`: `<` escaped so no `</script>` or `<!--` in a CMS text can end
 * the element early. The browser never runs this element (it is data), so the CSP needs no nonce for it.
 */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The stylesheets and scripts of the given source modules and the chunks they import, each once. */
export function chunkAssets(manifest: ClientManifest, modules: readonly string[]) {
  const css = new Set<string>()
  const scripts = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (chunk === undefined || scripts.has(chunk.file)) return
    scripts.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const module of modules) visit(module)
  return { css: [...css], scripts: [...scripts] }
}

/**
 * The built index.html with the page in it: `<html lang>`, the title, the description and Open Graph tags, the
 * stylesheets of the SPA's chunk and the route chunk (so the content is styled at first paint), the markup in `#root`
 * and the API answers the render used (the SPA's first render reuses them and lays out the same page).
 */
export function pageHtml(template: string, page: PrerenderedPage, manifest: ClientManifest): string {
  const assets = chunkAssets(manifest, page.modules)
  const description = page.meta.find((tag) => tag.key === 'description')
  const headTags = [
    ...page.meta
      .filter((tag) => tag.key !== 'description')
      .map(
        (tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`,
      ),
    // What index.html links already (the entry's CSS and chunks) is not linked twice.
    ...assets.css
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    // No module preloads: the page is painted before the SPA is requested (decision 0118), and scripts fetched beside
    // the stylesheets would only slow the first paint down on a slow line. The SPA's chunk preloads its own imports.
  ]
  let html = template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.lang}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
  if (description !== undefined) {
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description.content)}" />`,
    )
  }
  const data = `<script type="application/json" id="${PRERENDER_DATA_ELEMENT_ID}">${scriptJson(page.responses)}</script>`
  return html
    .replace('</head>', () => `${headTags.join('\n')}\n</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>\n${data}`)
}
