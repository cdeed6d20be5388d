import { msg } from '@lingui/core/macro'
import { type I18n, type MessageDescriptor } from '@lingui/core'
import { type FieldIssue } from '#machines/staff-catalogue-form/catalogue-draft.ts'
import { type StaffResource } from '#shared/contracts/staff-catalogue.contract.ts'

/** The catalogue screens' names of resources, fields and issues (the fields themselves come from the contract). */

export const RESOURCE_TITLES: Readonly<Record<StaffResource, MessageDescriptor>> = {
  'print-modes': msg`Druckverfahren`,
  materials: msg`Materialien`,
  methods: msg`Verfahren`,
  colors: msg`Farben`,
  'surface-finishes': msg`Oberflächen`,
  'processing-steps': msg`Bearbeitungsschritte`,
  'white-labels': msg`White Labels`,
}

/** The order of the resource tabs: the print mode first, what it is made of after it. */
export const RESOURCE_ORDER: readonly StaffResource[] = [
  'print-modes',
  'colors',
  'materials',
  'methods',
  'surface-finishes',
  'processing-steps',
  'white-labels',
]

export const FIELD_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  name: msg`Name`,
  description: msg`Beschreibung`,
  surfaceQuality: msg`Oberflächenqualität`,
  applications: msg`Anwendungen`,
  apiKey: msg`Schlüssel (API-Key)`,
  materialId: msg`Material`,
  methodId: msg`Verfahren`,
  printModeId: msg`Druckverfahren`,
  hex: msg`Hex-Code`,
  hue: msg`Farbton (0–359)`,
  spreadsheetVariable: msg`Tabellenvariable`,
  sortOrder: msg`Reihenfolge`,
  isActive: msg`Für Kunden sichtbar`,
  whiteLabelIds: msg`White Labels`,
  surfaceFinishIds: msg`Oberflächen (die erste ist die Vorgabe)`,
  processingStepIds: msg`Bearbeitungsschritte`,
  options: msg`Optionen (eine je Zeile)`,
  'maxDimensions.x': msg`Maximale Abmessung X (mm)`,
  'maxDimensions.y': msg`Maximale Abmessung Y (mm)`,
  'maxDimensions.z': msg`Maximale Abmessung Z (mm)`,
  minFeatureSize: msg`Kleinste Detailgröße (mm)`,
  resolutionXY: msg`Auflösung XY (mm)`,
  resolutionZ: msg`Auflösung Z (mm)`,
  'ranking.price': msg`Preis`,
  'ranking.flexibility': msg`Flexibilität`,
  'ranking.stability': msg`Stabilität`,
  'ranking.precision': msg`Präzision`,
  'ranking.wearResistance': msg`Verschleißfestigkeit`,
  'ranking.heatResistance': msg`Hitzebeständigkeit`,
  'ranking.maxNumberOfParts': msg`Maximale Anzahl Teile`,
  'ranking.maxIncrementalMeasurement': msg`Maximales Schrittmaß`,
  'pricingTestParameters.xMm': msg`X (mm)`,
  'pricingTestParameters.yMm': msg`Y (mm)`,
  'pricingTestParameters.zMm': msg`Z (mm)`,
  'pricingTestParameters.internalVolumeMm3': msg`Inneres Volumen (mm³)`,
  'pricingTestParameters.externalVolumeMm3': msg`Äußeres Volumen (mm³)`,
  'pricingTestParameters.surfaceAreaMm2': msg`Oberfläche (mm²)`,
  'pricingTestParameters.minXMm': msg`Min X (mm)`,
  'pricingTestParameters.maxXMm': msg`Max X (mm)`,
  'pricingTestParameters.maxYMm': msg`Max Y (mm)`,
}

export const GROUP_TITLES: Readonly<Record<string, MessageDescriptor>> = {
  maxDimensions: msg`Technische Merkmale: maximale Abmessungen`,
  ranking: msg`Bewertungen (1–5)`,
  pricingTestParameters: msg`Testparameter der Preistabelle`,
}

export const LANGUAGE_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  de: msg`Deutsch`,
  en: msg`Englisch`,
  fr: msg`Französisch`,
}

/** The text of a field's issue, with the rule's limit where it has one. */
export function issueText(i18n: I18n, issue: FieldIssue): string {
  const limit = issue.limit
  switch (issue.code) {
    case 'required':
      return i18n._(msg`Bitte ausfüllen.`)
    case 'too_short':
      return limit === undefined
        ? i18n._(msg`Zu kurz.`)
        : i18n._(msg`Bitte mindestens ${limit} Zeichen eingeben.`)
    case 'too_long':
      return limit === undefined
        ? i18n._(msg`Zu lang.`)
        : i18n._(msg`Bitte höchstens ${limit} Zeichen eingeben.`)
    case 'too_small':
      return limit === undefined
        ? i18n._(msg`Der Wert ist zu klein.`)
        : i18n._(msg`Der Wert muss mindestens ${limit} sein.`)
    case 'too_big':
      return limit === undefined
        ? i18n._(msg`Der Wert ist zu groß.`)
        : i18n._(msg`Der Wert darf höchstens ${limit} sein.`)
    case 'must_be_positive':
      return i18n._(msg`Der Wert muss größer als 0 sein.`)
    case 'not_a_number':
      return i18n._(msg`Bitte eine Zahl eingeben.`)
    case 'not_integer':
      return i18n._(msg`Bitte eine ganze Zahl eingeben.`)
    case 'invalid_hex':
      return i18n._(msg`Bitte einen Hex-Code wie #cc0000 eingeben (Kleinbuchstaben).`)
    case 'invalid_characters':
      return i18n._(msg`Nur Buchstaben, Ziffern und . _ ~ - sind erlaubt.`)
    case 'too_many':
      return limit === undefined ? i18n._(msg`Zu viele Einträge.`) : i18n._(msg`Höchstens ${limit} Einträge.`)
    case 'invalid':
      return i18n._(msg`Dieser Wert ist ungültig.`)
    case 'refused':
      return i18n._(msg`Der Server hat diesen Wert abgelehnt.`)
  }
}

/** A localized name as staff read it: the shop language, else German. */
export function nameIn(name: unknown, locale: string): string {
  if (typeof name === 'string') return name
  if (typeof name === 'object' && name !== null) {
    const texts = name as Record<string, unknown>
    const text = texts[locale] ?? texts.de
    return typeof text === 'string' ? text : ''
  }
  return ''
}
