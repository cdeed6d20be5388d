import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type ChangeEvent, useId, useRef, useState } from 'react'
import { type CartItem } from '#shared/contracts/cart.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { apiAssetUrl } from '#client/actors/api-paths.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatSize, scaledSize } from '#client/common/unit-texts.ts'
import { QuantityInput } from '#client/common/quantity-input.tsx'
import { Money } from '#client/common/price-texts.tsx'
import { findColour, findFinish } from '#client/common/catalogue.ts'
import { ProcessingStepsDialog } from './processing-steps-dialog.tsx'
import { DownloadLink } from '#client/common/download-link.tsx'

/**
 * One cart item (spec part 1 §2 cart view, §3 cart item): preview with delete, name, size in the file's unit, print
 * mode with finish and colour, an editable quantity (whole number, at least 1), the attachments behind the
 * attachment disclaimer, the processing steps (a demo), unit and line price with the price before a discount struck
 * through.
 */
export function CartItemCard({
  item,
  printMode,
  isBusiness,
}: {
  item: CartItem
  printMode: PrintMode | undefined
  isBusiness: boolean
}) {
  const { cart } = useAppActors()
  const { i18n, t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [isStepsOpen, setStepsOpen] = useState(false)
  const canSetQuantity = useSelector(cart, (snapshot) =>
    snapshot.can({ type: 'cart.setQuantity', itemId: item._id, quantity: item.quantity }),
  )
  const size = formatSize(
    scaledSize(item.model.dimensions, item.scale),
    item.model.givenUnitOfLength,
    locale,
    i18n,
  )
  // The cart keeps ids; the names come from the catalogue in the page's language (the item's own names are in the
  // language it was added in) and only stand in while the catalogue loads.
  const finishName = findFinish(printMode, item.surfaceFinishId)?.properties.name ?? item.surfaceFinish?.name
  const colourName = findColour(printMode, item.color?.id ?? null)?.name ?? item.color?.name
  const variant = [printMode?.name ?? item.printModeId, finishName].filter(Boolean).join(' · ')

  return (
    <li className="cart-item" aria-labelledby={`${id}-name`}>
      <CartItemPreview item={item} />
      <div className="cart-item__details">
        <h2 id={`${id}-name`} className="cart-item__name">
          {item.model.name}
        </h2>
        <p className="cart-item__facts">
          <Trans>Größe: {size}</Trans>
        </p>
        <p className="cart-item__facts">
          {variant}
          {item.color && (
            <>
              {' · '}
              <span className="cart-item__colour">
                <span className="swatch__chip" style={{ background: item.color.hex }} aria-hidden="true" />
                {colourName}
              </span>
            </>
          )}
        </p>
        <QuantityInput
          label={t`Menge`}
          value={item.quantity}
          mode="commit"
          disabled={!canSetQuantity}
          onChange={(quantity) => cart.send({ type: 'cart.setQuantity', itemId: item._id, quantity })}
        />
        <CartItemAttachments item={item} />
        <button type="button" className="link-button" onClick={() => setStepsOpen(true)}>
          <Trans>Nachbearbeitung wählen (Demo)</Trans>
        </button>
        {isStepsOpen && (
          <ProcessingStepsDialog
            item={item}
            steps={printMode?.processingSteps ?? []}
            onClose={() => setStepsOpen(false)}
          />
        )}
      </div>
      <CartItemPrices item={item} isBusiness={isBusiness} />
    </li>
  )
}

/** The item's picture (or an empty frame) with its delete button. */
function CartItemPreview({ item }: { item: CartItem }) {
  const { cart } = useAppActors()
  const { t } = useLingui()
  const name = item.model.name
  const canRemove = useSelector(cart, (snapshot) => snapshot.can({ type: 'cart.remove', itemId: item._id }))
  return (
    <div className="cart-item__preview">
      {item.thumbnail ? (
        <img src={apiAssetUrl(item.thumbnail)} alt={t`Vorschau von ${name}`} width={120} height={120} />
      ) : (
        <div className="cart-item__no-preview" aria-hidden="true" />
      )}
      <button
        type="button"
        className="cart-item__delete"
        disabled={!canRemove}
        aria-label={t`Entfernen: ${name}`}
        onClick={() => cart.send({ type: 'cart.remove', itemId: item._id })}
      >
        <Trans>Entfernen</Trans>
      </button>
    </div>
  )
}

/** Technical drawings: the attached files, and adding one once the attachment disclaimer is accepted. */
function CartItemAttachments({ item }: { item: CartItem }) {
  const { cart, preferences } = useAppActors()
  const { t } = useLingui()
  const fileInput = useRef<HTMLInputElement>(null)
  const disclaimerAccepted = useSelector(
    preferences,
    (snapshot) => snapshot.context.acceptAttachmentDisclaimer.value,
  )
  const canAttach = useSelector(cart, (snapshot) =>
    snapshot.can({
      type: 'cart.addAttachment',
      itemId: item._id,
      file: { name: 'drawing.pdf', size: 1 },
      disclaimerAccepted,
    }),
  )
  const onAttachment = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (file) cart.send({ type: 'cart.addAttachment', itemId: item._id, file, disclaimerAccepted })
    event.target.value = ''
  }

  return (
    <div className="cart-item__attachments">
      <h3>
        <Trans>Technische Zeichnungen</Trans>
      </h3>
      {item.attachments.length > 0 && (
        <ul>
          {item.attachments.map((path) => (
            <li key={path}>
              <DownloadLink href={apiAssetUrl(path)}>
                {decodeURIComponent(path.split('/').pop() ?? path)}
              </DownloadLink>
            </li>
          ))}
        </ul>
      )}
      {disclaimerAccepted ? (
        <>
          <input ref={fileInput} type="file" hidden onChange={onAttachment} aria-label={t`Anhang wählen`} />
          <button
            type="button"
            className="button"
            disabled={!canAttach}
            onClick={() => fileInput.current?.click()}
          >
            <Trans>Anhang hinzufügen</Trans>
          </button>
        </>
      ) : (
        <div className="cart-item__disclaimer">
          <p>
            <Trans>
              Anhänge wie technische Zeichnungen helfen uns bei der Fertigung. Sie werden nur für Ihren
              Auftrag verwendet; verbindlich bleibt das hochgeladene 3D-Modell.
            </Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => preferences.send({ type: 'preferences.acceptAttachmentDisclaimer' })}
          >
            <Trans>Hinweis akzeptieren</Trans>
          </button>
        </div>
      )}
    </div>
  )
}

/** Unit price and line total, the total before a discount struck through. */
function CartItemPrices({ item, isBusiness }: { item: CartItem; isBusiness: boolean }) {
  return (
    <dl className="cart-item__prices">
      <div>
        <dt>
          <Trans>Stückpreis</Trans>
        </dt>
        <dd>
          <Money
            net={item.currentPrice.netPrice}
            gross={item.currentPrice.totalPrice}
            isBusiness={isBusiness}
          />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Summe</Trans>
        </dt>
        <dd>
          {item.beforeDiscount && (
            <del className="cart-item__before-discount">
              <span className="visually-hidden">
                <Trans>statt</Trans>{' '}
              </span>
              <Money
                net={item.beforeDiscount.netPrice}
                gross={item.beforeDiscount.totalPrice}
                isBusiness={isBusiness}
              />
            </del>
          )}{' '}
          <Money net={item.pricing.netPrice} gross={item.pricing.totalPrice} isBusiness={isBusiness} />
        </dd>
      </div>
    </dl>
  )
}
