import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { type ConfigurationPrice } from '#shared/contracts/pricing.contract.ts'
import { type PrintMode, type RankingLabel } from '#shared/contracts/print-modes.contract.ts'
import { RANKING_SCALE } from '#shared/domain/limits.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatNumber } from '#client/common/money.ts'
import { Money } from '#client/common/price-texts.tsx'

export const rankingLabels = {
  price: msg`Preis`,
  flexibility: msg`Flexibilität`,
  stability: msg`Stabilität`,
  precision: msg`Präzision`,
  wearResistance: msg`Verschleißfestigkeit`,
  heatResistance: msg`Hitzebeständigkeit`,
  maxNumberOfParts: msg`Stückzahl`,
  maxIncrementalMeasurement: msg`Feinheit`,
} as const satisfies Record<RankingLabel, MessageDescriptor>

/**
 * One print mode to choose (spec part 1 §3 print mode): name, material and method, its price (skeleton while it
 * loads, the placeholder when it cannot be printed), description, surface quality, applications, maximum
 * dimensions, minimum feature size, resolutions and the ranking meters (0 to 8).
 */
export function PrintModeCard(props: {
  printMode: PrintMode
  name: string
  isSelected: boolean
  canSelect: boolean
  onSelect: () => void
  price: ConfigurationPrice | undefined
  isPriceLoading: boolean
  isBusiness: boolean
}) {
  const { printMode, price } = props
  const { features } = printMode
  const id = useId()

  return (
    <div className="print-mode-card" data-selected={props.isSelected}>
      <div className="print-mode-card__head">
        <input
          id={id}
          type="radio"
          name={props.name}
          checked={props.isSelected}
          disabled={!props.canSelect}
          onChange={props.onSelect}
          aria-describedby={`${id}-description`}
        />
        <label htmlFor={id} className="print-mode-card__title">
          <span className="print-mode-card__name">{printMode.name}</span>
          <span className="print-mode-card__material">
            {printMode.printModeMaterial.name} · {printMode.printModeMethod.name}
          </span>
        </label>
        <CardPrice price={price} isLoading={props.isPriceLoading} isBusiness={props.isBusiness} />
      </div>
      <p id={`${id}-description`} className="print-mode-card__description">
        {features.description}
      </p>
      <PrintModeFacts features={features} />
      <RankingMeters id={id} ranking={features.ranking} />
    </div>
  )
}

/** The card's price: a skeleton while loading, the price, the reason when the part is too small, else the placeholder. */
function CardPrice({
  price,
  isLoading,
  isBusiness,
}: {
  price: ConfigurationPrice | undefined
  isLoading: boolean
  isBusiness: boolean
}) {
  return (
    <span className="print-mode-card__price">
      {isLoading ? (
        <span className="skeleton skeleton--price" aria-hidden="true" />
      ) : price?.printable ? (
        <Money net={price.price.netPrice} gross={price.price.totalPrice} isBusiness={isBusiness} />
      ) : price?.tooSmall === true && !price.tooLarge ? (
        // No price for a mode that cannot print the part at all, but the reason (decision 0102).
        <span className="print-mode-card__too-small" data-too-small="true">
          <Trans>Zu klein für dieses Verfahren</Trans>
        </span>
      ) : (
        <Money placeholder />
      )}
    </span>
  )
}

/** Surface quality, applications, maximum dimensions, minimum feature size and resolutions. */
function PrintModeFacts({ features }: { features: PrintMode['features'] }) {
  const locale = useLocale()
  const mm = (value: number) => formatNumber(value, locale, { max: 3 })
  const max = features.maxDimensions
  return (
    <dl className="print-mode-card__facts">
      <div>
        <dt>
          <Trans>Oberflächenqualität</Trans>
        </dt>
        <dd>{features.surfaceQuality}</dd>
      </div>
      <div>
        <dt>
          <Trans>Anwendungen</Trans>
        </dt>
        <dd>{features.applications}</dd>
      </div>
      <div>
        <dt>
          <Trans>Max. Abmessungen</Trans>
        </dt>
        <dd>
          {mm(max.x)} × {mm(max.y)} × {mm(max.z)} mm
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Min. Detailgröße</Trans>
        </dt>
        <dd>{mm(features.minFeatureSize)} mm</dd>
      </div>
      <div>
        <dt>
          <Trans>Auflösung</Trans>
        </dt>
        <dd>
          <Trans>
            XY {mm(features.resolutionXY)} mm, Z {mm(features.resolutionZ)} mm
          </Trans>
        </dd>
      </div>
    </dl>
  )
}

/** The ranking meters (RANKING_SCALE), folded away by default. */
function RankingMeters({ id, ranking }: { id: string; ranking: PrintMode['features']['ranking'] }) {
  const { i18n } = useLingui()
  return (
    <details className="print-mode-card__ranking">
      <summary>
        <Trans>Eigenschaften im Vergleich</Trans>
      </summary>
      <ul>
        {ranking.map((entry) => (
          <li key={entry.label}>
            <span id={`${id}-${entry.label}`}>{i18n._(rankingLabels[entry.label])}</span>
            <meter
              min={RANKING_SCALE.min}
              max={RANKING_SCALE.max}
              value={entry.value}
              aria-labelledby={`${id}-${entry.label}`}
            />
            <span className="print-mode-card__score" aria-hidden="true">
              {entry.value}/{RANKING_SCALE.max}
            </span>
          </li>
        ))}
      </ul>
    </details>
  )
}
