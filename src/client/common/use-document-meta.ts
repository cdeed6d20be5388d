import { useEffect } from 'react'

/** A `<meta>` tag of the document: `<meta name="description">` or `<meta property="og:image">`. */
export type DocumentMetaTag = { attribute: 'name' | 'property'; key: string; content: string }

/**
 * Sets `<meta>` tags in the document's `<head>` while the calling view is on screen, and undoes that when it leaves or
 * the tags change: a tag the page had before (`index.html`'s `<meta name="description">`) gets its old content back,
 * a tag this hook added is removed. A key is never doubled, unlike a `<meta>` rendered by React, which React 19
 * appends beside the existing one.
 *
 * Only for head side effects; the document title is React's `<title>`, which replaces the page's own.
 */
export function useDocumentMeta(tags: readonly DocumentMetaTag[]): void {
  // Compare by value: callers build the list on every render.
  const serialized = JSON.stringify(tags)
  useEffect(() => {
    const undo = (JSON.parse(serialized) as DocumentMetaTag[]).map(applyMetaTag)
    return () => {
      for (const restore of undo.reverse()) restore()
    }
  }, [serialized])
}

/** Sets one tag; returns what undoes it. */
function applyMetaTag(tag: DocumentMetaTag): () => void {
  const existing = [...document.head.querySelectorAll('meta')].find(
    (meta) => meta.getAttribute(tag.attribute) === tag.key,
  )
  if (existing) {
    const previous = existing.getAttribute('content')
    existing.setAttribute('content', tag.content)
    return () => {
      if (previous === null) existing.removeAttribute('content')
      else existing.setAttribute('content', previous)
    }
  }
  const created = document.createElement('meta')
  created.setAttribute(tag.attribute, tag.key)
  created.setAttribute('content', tag.content)
  document.head.append(created)
  return () => created.remove()
}
