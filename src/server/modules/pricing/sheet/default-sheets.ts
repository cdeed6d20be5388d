import { DEFAULT_WHITE_LABEL } from '#shared/domain/limits.ts'
import type { SheetCellDraft, SheetDraft } from '#server/modules/pricing/sheet/sheet-types.ts'
import type { PricingTestParameters } from '#server/modules/pricing/sheet/sheet-variables.ts'

export type DefaultPrintModeKey = 'fdm' | 'sls' | 'mjf' | 'sla' | 'polyjet' | 'metal'

export interface DefaultPriceSheet {
  readonly printModeKey: DefaultPrintModeKey
  /** What the seed can call the print mode: material and method. */
  readonly label: string
  readonly whiteLabel: string
  readonly draft: SheetDraft
}

/**
 * Seed data for the print-mode editor, independent of the database. Each sheet prices one piece from material
 * volume, build-space or build-height terms and a handling fee (heights are min_x_mm, the part laid flat, so a
 * price does not depend on how the file happens to be oriented), multiplied by the colour's and finish's variables
 * (1 = no surcharge), with a minimum piece price. Rates are plausible 2026 service-bureau figures, meant to be edited.
 * Every sheet is monotone in scale and quantity (property-tested), and prices do not depend on quantity, so a line
 * price is always unit × quantity without per-unit rounding surprises.
 */
const cells = (entries: Record<string, string | number>): SheetCellDraft[] =>
  Object.entries(entries).map(([name, formula]) => ({ name, formula }))

const shared = {
  volume_cm3: '=internal_volume_mm3 / 1000',
  area_cm2: '=surface_area_mm2 / 100',
  bbox_cm3: '=external_volume_mm3 / 1000',
}

export const DEFAULT_PRICE_SHEETS: readonly DefaultPriceSheet[] = [
  {
    printModeKey: 'fdm',
    label: 'PLA – FDM',
    whiteLabel: DEFAULT_WHITE_LABEL,
    draft: {
      cells: cells({
        ...shared,
        material_eur_per_cm3: 0.09,
        machine_eur_per_hour: 3.2,
        handling_eur: 3.5,
        minimum_piece_eur: 6,
        // ~10 cm³/h deposition, plus layer changes and perimeters.
        print_hours: '=volume_cm3 / 10 + min_x_mm / 60 + area_cm2 / 400',
        piece_eur:
          '=(volume_cm3 * material_eur_per_cm3 + print_hours * machine_eur_per_hour + handling_eur) * color * finish',
        unit_net_price_eur: '=ROUND(MAX(piece_eur; minimum_piece_eur); 2)',
        production_days: '=3 + CEILING(print_hours * quantity / 20)',
      }),
    },
  },
  {
    printModeKey: 'sls',
    label: 'PA12 – SLS',
    whiteLabel: DEFAULT_WHITE_LABEL,
    draft: {
      cells: cells({
        ...shared,
        powder_eur_per_cm3: 0.42,
        chamber_eur_per_cm3: 0.012,
        handling_eur: 5,
        minimum_piece_eur: 12,
        piece_eur:
          '=(volume_cm3 * powder_eur_per_cm3 + bbox_cm3 * chamber_eur_per_cm3 + handling_eur) * color * finish',
        unit_net_price_eur: '=ROUND(MAX(piece_eur; minimum_piece_eur); 2)',
        production_days: '=5 + IF(quantity > 25; 2; 0) + IF(min_x_mm > 250; 1; 0)',
      }),
    },
  },
  {
    printModeKey: 'mjf',
    label: 'PA12 – Multi Jet Fusion',
    whiteLabel: DEFAULT_WHITE_LABEL,
    draft: {
      cells: cells({
        ...shared,
        powder_eur_per_cm3: 0.36,
        chamber_eur_per_cm3: 0.009,
        handling_eur: 4.5,
        minimum_piece_eur: 10,
        // One build packs about 6 l of bounding boxes (15 % of a 380 × 284 × 380 mm chamber) per day.
        builds: '=CEILING(quantity * bbox_cm3 / 6000)',
        piece_eur:
          '=(volume_cm3 * powder_eur_per_cm3 + bbox_cm3 * chamber_eur_per_cm3 + handling_eur) * color * finish',
        unit_net_price_eur: '=ROUND(MAX(piece_eur; minimum_piece_eur); 2)',
        production_days: '=3 + builds',
      }),
    },
  },
  {
    printModeKey: 'sla',
    label: 'Standard Resin – SLA',
    whiteLabel: DEFAULT_WHITE_LABEL,
    draft: {
      cells: cells({
        ...shared,
        resin_eur_per_cm3: 0.28,
        finishing_eur_per_cm2: 0.015,
        layer_eur_per_mm: 0.04,
        handling_eur: 6,
        minimum_piece_eur: 12,
        piece_eur:
          '=(volume_cm3 * resin_eur_per_cm3 + area_cm2 * finishing_eur_per_cm2 + min_x_mm * layer_eur_per_mm + handling_eur) * color * finish',
        unit_net_price_eur: '=ROUND(MAX(piece_eur; minimum_piece_eur); 2)',
        production_days: '=4 + CEILING(quantity * min_x_mm / 1500)',
      }),
    },
  },
  {
    printModeKey: 'polyjet',
    label: 'VeroClear – PolyJet',
    whiteLabel: DEFAULT_WHITE_LABEL,
    draft: {
      cells: cells({
        ...shared,
        model_eur_per_cm3: 0.95,
        support_eur_per_cm3: 0.3,
        handling_eur: 8,
        minimum_piece_eur: 20,
        // Support material fills roughly a quarter of the empty bounding box.
        support_cm3: '=MAX(bbox_cm3 - volume_cm3; 0) * 0.25',
        piece_eur:
          '=(volume_cm3 * model_eur_per_cm3 + support_cm3 * support_eur_per_cm3 + handling_eur) * color * finish',
        unit_net_price_eur: '=ROUND(MAX(piece_eur; minimum_piece_eur); 2)',
        production_days: '=5 + IF(quantity > 10; 2; 0)',
      }),
    },
  },
  {
    printModeKey: 'metal',
    label: 'Stainless steel 316L – LPBF',
    whiteLabel: DEFAULT_WHITE_LABEL,
    draft: {
      optionVariables: ['option_stress_relief'],
      cells: cells({
        ...shared,
        metal_eur_per_cm3: 3.8,
        support_eur_per_cm2: 0.12,
        recoat_eur_per_mm: 0.45,
        setup_eur: 35,
        stress_relief_eur: 12,
        minimum_piece_eur: 90,
        piece_eur:
          '=(volume_cm3 * metal_eur_per_cm3 + area_cm2 * support_eur_per_cm2 + min_x_mm * recoat_eur_per_mm + setup_eur) * color * finish',
        post_processing_eur: '=IF(option_stress_relief > 0; stress_relief_eur; 0)',
        unit_net_price_eur: '=ROUND(MAX(piece_eur; minimum_piece_eur) + post_processing_eur; 2)',
        production_days: '=10 + CEILING(quantity / 10) + IF(min_x_mm > 200; 2; 0)',
      }),
    },
  },
]

/** A 40 × 30 × 20 mm bracket: the test parameters the editor starts with (part 2 §3). */
export const DEFAULT_PRICING_TEST_PARAMETERS: PricingTestParameters = {
  xMm: 40,
  yMm: 30,
  zMm: 20,
  internalVolumeMm3: 12_000,
  externalVolumeMm3: 24_000,
  surfaceAreaMm2: 6_200,
  minXMm: 20,
  maxXMm: 40,
  maxYMm: 30,
}
