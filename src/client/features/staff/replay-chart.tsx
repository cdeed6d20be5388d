import { msg } from '@lingui/core/macro'
import { type MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReplayBinKey, type ReplaySheetResponse } from '#shared/contracts/staff-sheet.contract.ts'

/** The bins' labels (relative change of the unit price). */
const BIN_LABELS = {
  down50: msg`unter −50 %`,
  down10: msg`−50 bis −10 %`,
  down1: msg`−10 bis −1 %`,
  down0: msg`−1 bis 0 %`,
  same: msg`unverändert`,
  up0: msg`0 bis +1 %`,
  up1: msg`+1 bis +10 %`,
  up10: msg`+10 bis +50 %`,
  up50: msg`über +50 %`,
} as const satisfies Record<ReplayBinKey, MessageDescriptor>

const WIDTH = 360
const HEIGHT = 140
const LABEL_SPACE = 18

/** The replay's histogram as SVG bars (no chart library): one bar per bin, its count above it. */
export function ReplayChart({ histogram }: { histogram: ReplaySheetResponse['histogram'] }) {
  const { i18n } = useLingui()
  const max = Math.max(1, ...histogram.map((bin) => bin.count))
  const slot = WIDTH / histogram.length
  return (
    <figure className="replay-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_SPACE}`} role="img" aria-labelledby="replay-chart-caption">
        {histogram.map((bin, index) => {
          const height = Math.round((bin.count / max) * (HEIGHT - LABEL_SPACE))
          const x = index * slot + slot * 0.15
          return (
            <g key={bin.key} className={`replay-chart__bin replay-chart__bin--${bin.key}`}>
              <title>{`${i18n._(BIN_LABELS[bin.key])}: ${bin.count}`}</title>
              <rect x={x} y={HEIGHT - height} width={slot * 0.7} height={height} />
              <text x={x + slot * 0.35} y={HEIGHT - height - 4} textAnchor="middle">
                {bin.count}
              </text>
            </g>
          )
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="replay-chart__axis" />
      </svg>
      <figcaption id="replay-chart-caption">
        <Trans>Verteilung der Preisänderung je Konfiguration</Trans>
      </figcaption>
      <ul className="replay-chart__legend">
        {histogram.map((bin) => (
          <li key={bin.key}>
            {i18n._(BIN_LABELS[bin.key])}: {bin.count}
          </li>
        ))}
      </ul>
    </figure>
  )
}
