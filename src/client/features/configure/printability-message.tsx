import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type PrintabilityMessage as MessageCode } from '#shared/domain/printability.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { type PrintabilityView } from './printability.ts'

/** The message texts (spec part 1 §8 quality messages; the fallback text of "might cause problems" is the spec's). */
export const printabilityTexts = {
  too_large_for_all_print_modes: {
    title: msg`Zu groß für alle Druckverfahren`,
    body: msg`Ihr Modell ist bei dieser Skalierung größer als der Bauraum jedes Druckverfahrens. Bitte verkleinern Sie die Skalierung.`,
  },
  too_large_for_print_mode: {
    title: msg`Zu groß für dieses Druckverfahren`,
    body: msg`Ihr Modell passt bei dieser Skalierung nicht in den Bauraum des gewählten Druckverfahrens. Wählen Sie ein anderes Druckverfahren oder verkleinern Sie die Skalierung.`,
  },
  too_small_for_print_mode: {
    title: msg`Zu klein für dieses Druckverfahren`,
    body: msg`Ihr Modell ist bei dieser Skalierung kleiner als die kleinste Detailgröße des gewählten Druckverfahrens und kann damit nicht gedruckt werden. Bitte vergrößern Sie die Skalierung oder wählen Sie ein Druckverfahren mit feinerer Auflösung.`,
  },
  not_printable_for_print_mode: {
    title: msg`Mit diesem Druckverfahren nicht druckbar`,
    body: msg`Ihr Modell kann mit dem gewählten Material nicht gefertigt werden. Bitte wählen Sie ein anderes Druckverfahren.`,
  },
  might_cause_problems: {
    title: msg`Dein Druckergebnis kann verbessert werden`,
    body: msg`Einige Bereiche sind bei dieser Skalierung womöglich zu klein oder zu dünn für das gewählte Druckverfahren.`,
  },
  printable: {
    title: msg`Druckbar`,
    body: msg`Ihr Modell lässt sich mit dem gewählten Druckverfahren ohne Komplikationen drucken.`,
  },
  not_printable: {
    title: msg`Nicht druckbar`,
    body: msg`Ihr Modell kann leider nicht gedruckt werden. Bitte prüfen Sie die Datei, zum Beispiel auf offene Flächen.`,
  },
  indeterminate: {
    title: msg`Druckbarkeit unbekannt`,
    body: msg`Die Druckbarkeit Ihres Modells konnte noch nicht bestimmt werden.`,
  },
} as const satisfies Record<MessageCode, { title: MessageDescriptor; body: MessageDescriptor }>

/**
 * The printability message area (spec part 1 §4): hidden until the scale is a number, skeletons and "wird
 * berechnet" while prices are calculated, then one message styled by its severity. A live region, so a screen
 * reader hears the verdict change.
 */
export function PrintabilityMessage({ view }: { view: PrintabilityView }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  return (
    <div className="printability" role="status" aria-live="polite">
      {view.kind === 'calculating' && (
        <div className="printability__calculating" aria-busy="true">
          <span className="skeleton skeleton--line" aria-hidden="true" />
          <span className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
          <p>
            <Trans>Druckbarkeit wird berechnet …</Trans>
          </p>
        </div>
      )}
      {view.kind === 'message' && (
        <div
          className={`notice notice--${view.severity === 'none' ? 'info' : view.severity}`}
          data-printability={view.message}
        >
          <div>
            <p className="notice__title">{i18n._(printabilityTexts[view.message].title)}</p>
            <p>{i18n._(printabilityTexts[view.message].body)}</p>
            {view.message === 'might_cause_problems' && (
              <p>
                <Link
                  to="/{-$locale}/produktion/tipps-und-tricks-im-3d-druck"
                  params={{ locale: localeParam(locale) }}
                  hash="cart-steps"
                >
                  <Trans>Mehr dazu in unseren Tipps und Tricks im 3D-Druck</Trans>
                </Link>
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
