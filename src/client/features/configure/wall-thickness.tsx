import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import {
  PICTURE_ROTATIONS,
  type PictureKey,
  type PictureRotation,
} from '#shared/contracts/analysis.contract.ts'
import { analysisAssetUrl, histogramImageUrl } from '#client/actors/api-paths.ts'
import { type ConfigureSession } from '#client/app/app-actors.tsx'

type Sign = 'P' | 'M'
type AxisLetter = 'X' | 'Y' | 'Z'

const SIGNS = ['P', 'M'] as const satisfies readonly Sign[]
const AXES = ['X', 'Y', 'Z'] as const satisfies readonly AxisLetter[]

const signNames = { P: msg`Plus`, M: msg`Minus` } as const satisfies Record<Sign, MessageDescriptor>

/** "Blick von Plus X, 90° gedreht": a picture key for alt texts. */
export function pictureLabel(key: PictureKey, i18n: I18n): string {
  const [direction = 'PX', rotation = '0'] = key.split('_')
  const sign = i18n._(direction.charAt(0) === 'M' ? signNames.M : signNames.P)
  const axis = direction.charAt(1)
  return i18n._(msg`Blick von ${sign} ${axis}, ${rotation}° gedreht`)
}

/**
 * The wall-thickness picture (spec part 1 §2, §7 `histogram-image`): the view direction (P or M × X, Y or Z) and a
 * rotation of 0/90/180/270°; it needs a print mode (its minimum wall thickness) and a scale. Until then the
 * analysis' front picture of that view is shown, if there is one.
 */
export function WallThickness({ session }: { session: ConfigureSession }) {
  const { configure } = session
  const { i18n, t } = useLingui()
  const id = useId()
  const [sign, setSign] = useState<Sign>('P')
  const [axis, setAxis] = useState<AxisLetter>('X')
  const [rotation, setRotation] = useState<PictureRotation>(0)
  const file = useSelector(configure, (snapshot) => snapshot.context.file)
  const scale = useSelector(configure, (snapshot) => snapshot.context.scale)
  const unit = useSelector(configure, (snapshot) => snapshot.context.unit)
  const printModeId = useSelector(configure, (snapshot) => snapshot.context.printModeId)
  const direction = `${sign}${axis}` as const
  const key: PictureKey = `${direction}_${rotation}`
  const frontPicture = file.frontPictures[key]
  const source =
    printModeId !== null && scale > 0
      ? histogramImageUrl(file._id, { scale, unitOfLength: unit, direction, rotation, printModeId })
      : frontPicture
        ? analysisAssetUrl(frontPicture)
        : null

  return (
    <div className="wall-thickness">
      <ViewControls
        id={id}
        sign={sign}
        axis={axis}
        rotation={rotation}
        onSign={setSign}
        onAxis={setAxis}
        onRotation={setRotation}
      />
      <div className="wall-thickness__picture">
        {source ? (
          <img src={source} alt={t`Wandstärke, ${pictureLabel(key, i18n)}`} width={400} height={400} />
        ) : (
          <p className="wall-thickness__empty">
            <Trans>Für diese Ansicht gibt es noch kein Bild.</Trans>
          </p>
        )}
      </div>
      <p className="wall-thickness__legend">
        {printModeId === null ? (
          <Trans>Wählen Sie ein Druckverfahren, um zu sehen, wo die Wände zu dünn sind.</Trans>
        ) : (
          <Trans>
            Rot markierte Stellen sind dünner als die Mindestwandstärke des gewählten Druckverfahrens.
          </Trans>
        )}
      </p>
    </div>
  )
}

/** The view direction (sign and axis) and the rotation of the picture. */
function ViewControls(props: {
  id: string
  sign: Sign
  axis: AxisLetter
  rotation: PictureRotation
  onSign: (sign: Sign) => void
  onAxis: (axis: AxisLetter) => void
  onRotation: (rotation: PictureRotation) => void
}) {
  const { id, sign, axis, rotation } = props
  const { i18n } = useLingui()
  return (
    <div className="wall-thickness__controls">
      <fieldset>
        <legend>
          <Trans>Blickrichtung</Trans>
        </legend>
        {SIGNS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={`${id}-sign`}
              checked={sign === option}
              onChange={() => props.onSign(option)}
            />
            {i18n._(signNames[option])}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Achse</Trans>
        </legend>
        {AXES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={`${id}-axis`}
              checked={axis === option}
              onChange={() => props.onAxis(option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Drehung</Trans>
        </legend>
        {PICTURE_ROTATIONS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={`${id}-rotation`}
              checked={rotation === option}
              onChange={() => props.onRotation(option)}
            />
            {option}°
          </label>
        ))}
      </fieldset>
    </div>
  )
}
