import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId, useRef, useState } from 'react'
import { type Axis } from '#machines/configure/configure.machine.ts'
import { DIMENSION_FIELD, SCALE_FIELD, SCALE_SLIDER, UNITS_OF_LENGTH } from '#shared/domain/limits.ts'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatSize, scaledSize, unitNames, unitSymbols } from '#client/common/unit-texts.ts'

/** The scale as the field shows it: rounded to 4 decimals, empty for 0 (an empty field). */
export function scaleFieldText(scale: number): string {
  if (!(scale > 0)) return ''
  const factor = 10 ** SCALE_FIELD.decimals
  return String(Math.round(scale * factor) / factor)
}

/** What the scale field sends for a typed text: null for an empty field (the scale becomes 0). */
export function parseScaleField(text: string): number | null {
  return text.trim() === '' ? null : Number(text)
}

/** A dimension field's text: two decimals. */
export function dimensionFieldText(value: number): string {
  return value.toFixed(DIMENSION_FIELD.decimals)
}

/** Calls `send` at most every `ms` (leading and trailing), so a dragged slider does not flood the machine. */
function useThrottled<T>(send: (value: T) => void, ms: number): (value: T) => void {
  const state = useRef<{ last: number; timer: ReturnType<typeof setTimeout> | null; pending: T | null }>({
    last: 0,
    timer: null,
    pending: null,
  })
  return (value: T) => {
    const now = Date.now()
    const current = state.current
    if (now - current.last >= ms && current.timer === null) {
      current.last = now
      send(value)
      return
    }
    current.pending = value
    current.timer ??= setTimeout(
      () => {
        current.timer = null
        current.last = Date.now()
        if (current.pending !== null) send(current.pending)
        current.pending = null
      },
      Math.max(0, ms - (now - current.last)),
    )
  }
}

/**
 * The scale (spec part 1 §2, §5, §9): a number field (at least 0.01, step 0.01, shown to 4 decimals; empty means 0)
 * with the unit selector, a slider 0.1–10 (step 0.1, throttled to 50 ms) from step 1 on, and size fields X/Y/Z in
 * the file's unit (two decimals; the scale becomes the value ÷ the analysed dimension), shown on narrow screens.
 */
export function ScaleControls({ session, showSlider }: { session: ConfigureSession; showSlider: boolean }) {
  const { configure } = session
  const { i18n } = useLingui()
  const locale = useLocale()
  const id = useId()
  const scale = useSelector(configure, (snapshot) => snapshot.context.scale)
  const unit = useSelector(configure, (snapshot) => snapshot.context.unit)
  const dimensions = useSelector(configure, (snapshot) => snapshot.context.file.analysedProperties.dimensions)
  const canEdit = useSelector(configure, (snapshot) => snapshot.can({ type: 'configure.setScale', scale: 1 }))
  const [draft, setDraft] = useState<string | null>(null)
  const sendScale = (value: number | null) => configure.send({ type: 'configure.setScale', scale: value })

  // The machine refuses the value and withdraws the price; the field keeps what was typed next to the reason.
  const isRefused = useSelector(configure, (snapshot) => snapshot.context.scaleError !== null)
  const size = scaledSize(dimensions, scale)

  return (
    <div className="scale-controls">
      <div className="scale-controls__row">
        <div className="field">
          <label htmlFor={`${id}-scale`}>
            <Trans>Skalierung</Trans>
          </label>
          <input
            id={`${id}-scale`}
            type="number"
            inputMode="decimal"
            min={SCALE_FIELD.min}
            step={SCALE_FIELD.step}
            value={draft ?? scaleFieldText(scale)}
            disabled={!canEdit}
            aria-invalid={isRefused}
            aria-describedby={isRefused ? `${id}-scale-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value)
              sendScale(parseScaleField(event.target.value))
            }}
            onBlur={() => {
              if (!isRefused) setDraft(null)
            }}
          />
        </div>
        <UnitSelect session={session} id={id} />
      </div>
      {isRefused && (
        <p id={`${id}-scale-error`} className="field-error">
          <Trans>Die Skalierung muss mindestens 0,01 betragen.</Trans>
        </p>
      )}
      {showSlider && (
        <ScaleSlider
          id={id}
          scale={scale}
          canEdit={canEdit}
          onSlide={() => setDraft(null)}
          send={sendScale}
        />
      )}
      <p className="scale-controls__size">
        <Trans>Größe: {scale > 0 ? formatSize(size, unit, locale, i18n) : '–'}</Trans>
      </p>
      <SizeFields session={session} id={id} canEdit={canEdit} />
    </div>
  )
}

/** The unit of length the size is read in. */
function UnitSelect({ session, id }: { session: ConfigureSession; id: string }) {
  const { configure } = session
  const { i18n } = useLingui()
  const unit = useSelector(configure, (snapshot) => snapshot.context.unit)
  const canSetUnit = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.setUnit', unit: 'mm' }),
  )
  return (
    <div className="field">
      <label htmlFor={`${id}-unit`}>
        <Trans>Einheit</Trans>
      </label>
      <select
        id={`${id}-unit`}
        value={unit}
        disabled={!canSetUnit}
        onChange={(event) => {
          const next = UNITS_OF_LENGTH.find((option) => option === event.target.value)
          if (next) configure.send({ type: 'configure.setUnit', unit: next })
        }}
      >
        {UNITS_OF_LENGTH.map((option) => (
          <option key={option} value={option}>
            {i18n._(unitNames[option])}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The slider 0.1–10; while dragged it shows its own value and sends at most every SCALE_SLIDER.throttleMs. */
function ScaleSlider(props: {
  id: string
  scale: number
  canEdit: boolean
  /** The slider moved: the scale field shows the machine's value again. */
  onSlide: () => void
  send: (value: number) => void
}) {
  const { id, scale, canEdit, onSlide } = props
  const [sliderDraft, setSliderDraft] = useState<number | null>(null)
  const sendThrottled = useThrottled(props.send, SCALE_SLIDER.throttleMs)
  const sliderValue = sliderDraft ?? Math.min(SCALE_SLIDER.max, Math.max(SCALE_SLIDER.min, scale))
  const endSlide = () => setSliderDraft(null)
  return (
    <div className="field scale-controls__slider">
      <label htmlFor={`${id}-slider`}>
        <Trans>Skalierung anpassen</Trans>
      </label>
      <input
        id={`${id}-slider`}
        type="range"
        min={SCALE_SLIDER.min}
        max={SCALE_SLIDER.max}
        step={SCALE_SLIDER.step}
        value={sliderValue}
        disabled={!canEdit}
        aria-valuetext={scaleFieldText(sliderValue)}
        onChange={(event) => {
          const value = Number(event.target.value)
          setSliderDraft(value)
          onSlide()
          sendThrottled(value)
        }}
        onPointerUp={endSlide}
        onKeyUp={endSlide}
        onBlur={endSlide}
      />
    </div>
  )
}

/** The size fields X/Y/Z in the file's unit: a typed value sets the scale to value ÷ the analysed dimension. */
function SizeFields({ session, id, canEdit }: { session: ConfigureSession; id: string; canEdit: boolean }) {
  const { configure } = session
  const { i18n, t } = useLingui()
  const scale = useSelector(configure, (snapshot) => snapshot.context.scale)
  const unit = useSelector(configure, (snapshot) => snapshot.context.unit)
  const dimensions = useSelector(configure, (snapshot) => snapshot.context.file.analysedProperties.dimensions)
  const [dimensionDraft, setDimensionDraft] = useState<{ axis: Axis; text: string } | null>(null)
  const size = scaledSize(dimensions, scale)
  return (
    <fieldset className="size-fields" disabled={!canEdit}>
      <legend>
        <Trans>Größe in {i18n._(unitSymbols[unit])}</Trans>
      </legend>
      {(['x', 'y', 'z'] as const).map((axis) => (
        <div key={axis} className="field">
          <label htmlFor={`${id}-${axis}`}>{axis.toUpperCase()}</label>
          <input
            id={`${id}-${axis}`}
            type="number"
            inputMode="decimal"
            min={DIMENSION_FIELD.min}
            step={DIMENSION_FIELD.step}
            value={dimensionDraft?.axis === axis ? dimensionDraft.text : dimensionFieldText(size[axis])}
            aria-label={t`Größe ${axis.toUpperCase()} in ${i18n._(unitSymbols[unit])}`}
            onChange={(event) => {
              setDimensionDraft({ axis, text: event.target.value })
              const text = event.target.value
              configure.send({
                type: 'configure.setDimension',
                axis,
                value: text.trim() === '' ? null : Number(text),
              })
            }}
            onBlur={() => setDimensionDraft(null)}
          />
        </div>
      ))}
    </fieldset>
  )
}
