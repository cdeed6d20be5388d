import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type CSSProperties, Fragment, type ReactNode } from 'react'
import {
  CMS_ELEMENT_TYPES,
  CMS_HEADER_LAYOUT_HIDDEN,
  CMS_LAYOUTS,
  type CmsElement,
  type CmsElementType,
  type CmsImage,
  type CmsLayout,
  isSupportedElementType,
  isSupportedLayout,
} from '#shared/contracts/cms.contract.ts'
import { Bodytext } from './bodytext.tsx'
import { CmsLink } from '#client/common/cms-link.tsx'
import './cms.css'

/**
 * One CMS content element (spec part 2 §2 "CMS content", part 1 §9 layouts): a heading, a text or a text with
 * pictures, in one of the layouts default and layout-1 … layout-7. An element of another type or layout shows the
 * fallback warning listing the supported types. The element's id is its DOM id, so anchors such as `#cart-steps`
 * work.
 */

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6

/** The cards (product box, quarter product box, content preview) sit below a section heading: level 3. */
const CARD_LAYOUTS: ReadonlySet<string> = new Set(['layout-5', 'layout-6', 'layout-7'])

/**
 * The heading level of an element: `headerLayout` 1–5 is `<h1>`–`<h5>`, 100 hides the header, 0 (or anything else)
 * is the element's default (2, cards 3). `minLevel` keeps content below a page's own `<h1>` (the home page).
 */
export function headingLevelOf(element: CmsElement, minLevel: HeadingLevel = 1): HeadingLevel | null {
  const layout = element.content.headerLayout
  if (layout === CMS_HEADER_LAYOUT_HIDDEN) return null
  const level = layout >= 1 && layout <= 5 ? layout : CARD_LAYOUTS.has(element.appearance.layout) ? 3 : 2
  return Math.min(6, Math.max(level, minLevel)) as HeadingLevel
}

export const elementTypeLabels = {
  heading: msg`Überschrift`,
  text: msg`Text`,
  textpic: msg`Text mit Bildern`,
} as const satisfies Record<CmsElementType, MessageDescriptor>

const layoutLabels = {
  default: msg`Standard`,
  'layout-1': msg`Geteilter Bereich, dunkel`,
  'layout-2': msg`Geteilter Bereich`,
  'layout-3': msg`Handlungsaufforderung`,
  'layout-4': msg`Hero-Banner`,
  'layout-5': msg`Produktbox`,
  'layout-6': msg`Viertel-Produktbox`,
  'layout-7': msg`Inhaltsvorschau`,
} as const satisfies Record<CmsLayout, MessageDescriptor>

export type CmsElementProps = { element: CmsElement; minLevel?: HeadingLevel }

/** Every element renders through here: supported ones by type, anything else as the fallback warning. */
export function CmsElementView({ element, minLevel = 1 }: CmsElementProps) {
  if (!isSupportedElementType(element.type) || !isSupportedLayout(element.appearance.layout)) {
    return <UnsupportedElement element={element} />
  }
  const layout = element.appearance.layout
  const level = headingLevelOf(element, minLevel)
  const className = `cms-el cms-el--${element.type} cms-el--${layout}`
  switch (element.type) {
    case 'heading':
      return (
        <div id={element.id} className={className}>
          <ElementHeader element={element} level={level} />
        </div>
      )
    case 'text':
      return (
        <div id={element.id} className={className}>
          <ElementHeader element={element} level={level} />
          <Bodytext html={element.content.bodytext} />
          {layout === 'layout-3' && <CallToAction element={element} level={level} />}
        </div>
      )
    case 'textpic':
      return <TextPic element={element} layout={layout} level={level} className={className} />
  }
}

const headingIdOf = (element: CmsElement) => `${element.id}-title`

function ElementHeader(props: { element: CmsElement; level: HeadingLevel | null; linked?: boolean }) {
  const { element, level } = props
  const { header, subheader, headerLink, headerPosition } = element.content
  if (level === null || (header === '' && subheader === '')) return null
  const Heading = `h${level}` as const
  const linked = (props.linked ?? true) && headerLink !== null
  return (
    <div className="cms-header" data-position={headerPosition || undefined}>
      {header !== '' && (
        <Heading id={headingIdOf(element)} className="cms-header__title">
          {linked && headerLink ? <CmsLink href={headerLink.url}>{header}</CmsLink> : header}
        </Heading>
      )}
      {subheader !== '' && <p className="cms-header__subheader">{subheader}</p>}
    </div>
  )
}

/** The call to action's button: the header link, named by the heading it belongs to. */
function CallToAction({ element, level }: { element: CmsElement; level: HeadingLevel | null }) {
  const { headerLink, header } = element.content
  if (!headerLink) return null
  const describedBy = level !== null && header !== '' ? headingIdOf(element) : undefined
  return (
    <p className="cms-cta__action">
      <CmsLink href={headerLink.url} className="button button--primary" aria-describedby={describedBy}>
        <Trans>Mehr erfahren</Trans>
      </CmsLink>
    </p>
  )
}

function Gallery({ images, columns }: { images: readonly CmsImage[]; columns: number }) {
  if (images.length === 0) return null
  return (
    <div className="cms-gallery" style={{ '--cms-gallery-columns': Math.max(1, columns) } as CSSProperties}>
      {images.map((image, index) => (
        <img
          key={`${image.publicUrl}-${index}`}
          className="cms-gallery__image"
          src={image.publicUrl}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      ))}
    </div>
  )
}

function TextPic(props: {
  element: CmsElement
  layout: CmsLayout
  level: HeadingLevel | null
  className: string
}) {
  const { element, layout, level } = props
  const gallery = element.content.gallery
  const images = gallery?.images ?? []
  const position = gallery?.position ?? 'above'
  const media = <Gallery images={images} columns={gallery?.columns ?? images.length} />
  const isCta = layout === 'layout-3'
  const text = (
    <div className="cms-textpic__text">
      <ElementHeader element={element} level={level} linked={!isCta} />
      <Bodytext html={element.content.bodytext} />
      {isCta && <CallToAction element={element} level={level} />}
    </div>
  )
  // The pictures come first in the DOM when they sit above or on the left.
  const mediaFirst = position === 'above' || position === 'left'
  return (
    <div
      id={element.id}
      className={`${props.className} cms-textpic`}
      data-gallery={images.length > 0 ? position : undefined}
    >
      {images.length > 0 && mediaFirst && <div className="cms-textpic__media">{media}</div>}
      {text}
      {images.length > 0 && !mediaFirst && <div className="cms-textpic__media">{media}</div>}
    </div>
  )
}

/** The fallback for an element the shop cannot show (spec part 1 §8): it names the supported types. */
function UnsupportedElement({ element }: { element: CmsElement }) {
  const { i18n } = useLingui()
  const types = CMS_ELEMENT_TYPES.map((type) => i18n._(elementTypeLabels[type])).join(', ')
  const layouts = CMS_LAYOUTS.map((layout) => `${layout} (${i18n._(layoutLabels[layout])})`).join(', ')
  const type = element.type
  const layout = element.appearance.layout
  return (
    <div id={element.id} className="cms-el cms-el--unsupported notice notice--warning" role="note">
      <div>
        <p className="notice__title">
          <Trans>Dieser Inhalt kann nicht angezeigt werden.</Trans>
        </p>
        {isSupportedElementType(type) ? (
          <Fragment>
            <p>
              <Trans>Das Layout „{layout}“ wird nicht unterstützt.</Trans>
            </p>
            <p>
              <Trans>Unterstützte Layouts: {layouts}.</Trans>
            </p>
          </Fragment>
        ) : (
          <p>
            <Trans>Der Inhaltstyp „{type}“ wird nicht unterstützt.</Trans>
          </p>
        )}
        <p>
          <Trans>Unterstützte Inhaltstypen: {types}.</Trans>
        </p>
      </div>
    </div>
  )
}

/**
 * The elements of a page in order; consecutive quarter product boxes (layout-6) and content previews (layout-7)
 * share one row of cards.
 */
export function CmsElements(props: { elements: readonly CmsElement[]; minLevel?: HeadingLevel }) {
  const groups: Array<{ layout: string | null; elements: CmsElement[] }> = []
  for (const element of props.elements) {
    const layout = element.appearance.layout
    const groupable = isSupportedElementType(element.type) && (layout === 'layout-6' || layout === 'layout-7')
    const last = groups[groups.length - 1]
    if (groupable && last && last.layout === layout) last.elements.push(element)
    else groups.push({ layout: groupable ? layout : null, elements: [element] })
  }
  return (
    <>
      {groups.map((group): ReactNode => {
        const first = group.elements[0]
        if (!first) return null
        const views = group.elements.map((element) => (
          <CmsElementView
            key={element.id}
            element={element}
            {...(props.minLevel ? { minLevel: props.minLevel } : {})}
          />
        ))
        return group.layout === null ? (
          views
        ) : (
          <div key={`group-${first.id}`} className={`cms-cards cms-cards--${group.layout}`}>
            {views}
          </div>
        )
      })}
    </>
  )
}
