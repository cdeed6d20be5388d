import { DEFAULT_WHITE_LABEL } from '#shared/domain/limits.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import {
  seedMaterials,
  seedMethods,
  seedPrintModes,
  seedProcessingSteps,
} from '#server/db/seed-data/catalogue.ts'
import { seedShippingCountries } from '#server/db/seed-data/shipping.ts'
import { seedVouchers } from '#server/db/seed-data/vouchers.ts'
import { generatePassword, hashPassword } from '#server/modules/auth/password.ts'
import { ensureColorThumbnails, hueOf } from '#server/modules/catalogue/color-swatch.ts'
import { seedDefaultPriceSheets } from '#server/modules/pricing/seed-price-sheets.ts'

/**
 * The API key of the default white label. It is public (the SPA sends it with every call) and only selects the
 * catalogue; requests without a key get the same white label. Documented in docs/configuration.md.
 */
export const STANDARD_WHITE_LABEL_API_KEY = 'schichtwerk-standard'
export const STAFF_USERNAME = 'admin'
export const STAFF_EMAIL = 'admin@schichtwerk.local'
/**
 * The demo customer of a fresh shop (issue 15): opt-in confirmed, with a German billing address, so the account
 * pages and checkout can be tried at once. Its password is generated and handed over once with the staff password
 * (a password printed in a README would open every shop that forgot to delete the account).
 */
export const DEMO_CUSTOMER = {
  username: 'kunde',
  email: 'kunde@schichtwerk.local',
} as const

export interface SeedResult {
  /** The groups written now; empty when everything was there already. */
  seeded: ('whiteLabels' | 'catalogue' | 'priceSheets' | 'shipping' | 'vouchers' | 'staff' | 'demoCustomer')[]
  /** Set only when the staff account was created now: the one moment its password is known in plain text. */
  staffAccount?: { username: string; email: string; password: string }
  /** Set only when the demo customer was created now, with its generated password. */
  demoCustomerAccount?: { username: string; email: string; password: string }
}

export interface SeedOptions {
  thumbnailsDir: string
  /**
   * Skip the staff account and the demo customer (their argon2id hashes cost ~0.1 s; tests that do not log in leave
   * them out). Both are made only with the staff account, i.e. in a fresh database.
   */
  withStaff?: boolean
}

const json = (value: unknown) => JSON.stringify(value)
/** Any constant: two servers starting at once against one PostgreSQL database must not both seed. */
const SEED_LOCK_KEY = 7_301_842_116

async function isEmpty(tx: Queryable, table: string): Promise<boolean> {
  const { rows } = await tx.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS present`)
  return rows[0]?.present !== true
}

async function seedWhiteLabels(tx: Queryable): Promise<void> {
  await tx.query('INSERT INTO white_labels (id, name, api_key, is_default) VALUES ($1, $2, $3, true)', [
    newId(),
    DEFAULT_WHITE_LABEL,
    STANDARD_WHITE_LABEL_API_KEY,
  ])
}

async function seedCatalogue(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM white_labels WHERE is_default')
  const defaultWhiteLabelId = rows[0]?.id
  if (defaultWhiteLabelId === undefined) throw new Error('Seed: the default white label is missing')

  const materialIds = new Map<string, string>()
  for (const [key, name] of Object.entries(seedMaterials)) {
    const id = newId()
    materialIds.set(key, id)
    await tx.query('INSERT INTO materials (id, name) VALUES ($1, $2::jsonb)', [id, json(name)])
  }
  const methodIds = new Map<string, string>()
  for (const [key, name] of Object.entries(seedMethods)) {
    const id = newId()
    methodIds.set(key, id)
    await tx.query('INSERT INTO methods (id, name) VALUES ($1, $2::jsonb)', [id, json(name)])
  }
  const stepIds = new Map<string, string>()
  let stepOrder = 0
  for (const [key, step] of Object.entries(seedProcessingSteps)) {
    const id = newId()
    stepIds.set(key, id)
    await tx.query('INSERT INTO processing_steps (id, name, sort_order) VALUES ($1, $2::jsonb, $3)', [
      id,
      json(step.name),
      stepOrder++,
    ])
    for (const [index, option] of step.options.entries()) {
      await tx.query(
        'INSERT INTO processing_step_options (id, processing_step_id, name, sort_order) VALUES ($1, $2, $3::jsonb, $4)',
        [newId(), id, json(option), index],
      )
    }
  }

  let finishOrder = 0
  for (const [modeIndex, mode] of seedPrintModes.entries()) {
    const printModeId = newId()
    await tx.query(
      `INSERT INTO print_modes (
         id, material_id, method_id, name, description, surface_quality, applications,
         max_x_mm, max_y_mm, max_z_mm, min_feature_size_mm, resolution_xy_mm, resolution_z_mm,
         ranking_price, ranking_flexibility, ranking_stability, ranking_precision, ranking_wear_resistance,
         ranking_heat_resistance, ranking_max_parts, ranking_max_incremental_measurement, sort_order)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13,
         $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
      [
        printModeId,
        materialIds.get(mode.material),
        methodIds.get(mode.method),
        json(mode.name),
        json(mode.description),
        json(mode.surfaceQuality),
        json(mode.applications),
        mode.maxDimensionsMm.x,
        mode.maxDimensionsMm.y,
        mode.maxDimensionsMm.z,
        mode.minFeatureSizeMm,
        mode.resolutionXYMm,
        mode.resolutionZMm,
        mode.ranking.price,
        mode.ranking.flexibility,
        mode.ranking.stability,
        mode.ranking.precision,
        mode.ranking.wearResistance,
        mode.ranking.heatResistance,
        mode.ranking.maxNumberOfParts,
        mode.ranking.maxIncrementalMeasurement,
        modeIndex,
      ],
    )
    await tx.query('INSERT INTO print_mode_white_labels (print_mode_id, white_label_id) VALUES ($1, $2)', [
      printModeId,
      defaultWhiteLabelId,
    ])

    const finishIds = new Map<string, string>()
    for (const [index, finish] of mode.finishes.entries()) {
      const finishId = newId()
      finishIds.set(finish.key, finishId)
      await tx.query(
        `INSERT INTO surface_finishes (id, name, description, sort_order, spreadsheet_variable)
         VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)`,
        [finishId, json(finish.name), json(finish.description), finishOrder++, finish.sheetVariable ?? 1],
      )
      await tx.query(
        'INSERT INTO print_mode_surface_finishes (print_mode_id, surface_finish_id, sort_order) VALUES ($1, $2, $3)',
        [printModeId, finishId, index],
      )
    }

    for (const [index, color] of mode.colors.entries()) {
      const colorId = newId()
      await tx.query(
        `INSERT INTO colors (id, print_mode_id, name, hex, thumbnail_path, hue, spreadsheet_variable, sort_order)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)`,
        [
          colorId,
          printModeId,
          json(color.name),
          color.hex,
          `colors/${mode.key}-${color.key}.svg`,
          hueOf(color.hex),
          color.sheetVariable ?? 1,
          index,
        ],
      )
      for (const finishKey of color.finishes) {
        const finishId = finishIds.get(finishKey)
        if (finishId === undefined) throw new Error(`Seed: ${mode.key} has no finish ${finishKey}`)
        await tx.query('INSERT INTO color_surface_finishes (color_id, surface_finish_id) VALUES ($1, $2)', [
          colorId,
          finishId,
        ])
      }
    }

    for (const [index, stepKey] of mode.processingSteps.entries()) {
      await tx.query(
        'INSERT INTO print_mode_processing_steps (print_mode_id, processing_step_id, sort_order) VALUES ($1, $2, $3)',
        [printModeId, stepIds.get(stepKey), index],
      )
    }
  }
}

async function seedShipping(tx: Queryable): Promise<void> {
  for (const country of seedShippingCountries) {
    const countryId = newId()
    await tx.query(
      `INSERT INTO shipping_countries (id, country_code, name, is_eu, tax_rate, postal_code_regex, sort_order)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
      [
        countryId,
        country.countryCode,
        json(country.name),
        country.isEU,
        country.taxRate,
        country.postalCodeRegex,
        country.countryCode === 'DE' ? 0 : 1,
      ],
    )
    for (const [index, method] of country.methods.entries()) {
      await tx.query(
        `INSERT INTO shipping_methods (id, shipping_country_id, name, price_cents, shipping_time_days, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [newId(), countryId, method.name, method.priceCents, method.shippingTimeDays, index],
      )
    }
  }
}

async function seedDemoVouchers(tx: Queryable): Promise<void> {
  for (const voucher of seedVouchers) {
    await tx.query(
      `INSERT INTO vouchers (id, code, name, type, value, free_shipping, min_value_cents, max_usage, login_required)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        newId(),
        voucher.code,
        voucher.name,
        voucher.type,
        voucher.value,
        voucher.freeShipping ?? false,
        voucher.minValueCents ?? null,
        voucher.maxUsage ?? null,
        voucher.loginRequired ?? false,
      ],
    )
  }
}

/** The demo customer with a German billing address; false when its username or e-mail is taken. */
async function seedDemoCustomer(tx: Queryable, passwordHash: string): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    "SELECT id FROM shipping_countries WHERE country_code = 'DE'",
  )
  const billingAddress = {
    title: '',
    firstname: 'Erika',
    lastname: 'Mustermann',
    company: '',
    street: 'Musterstraße 1',
    addressSuffix: '',
    postalCode: '10115',
    city: 'Berlin',
    countryId: rows[0]?.id ?? '',
    vatRegistrationNumber: '',
    email: '',
  }
  const inserted = await tx.query(
    `INSERT INTO users (id, username, email, password_hash, role, email_verified_at, billing_address)
     VALUES ($1, $2, $3, $4, 'customer', now(), $5) ON CONFLICT DO NOTHING`,
    [
      newId(),
      DEMO_CUSTOMER.username,
      DEMO_CUSTOMER.email,
      passwordHash,
      rows[0] === undefined ? null : json(billingAddress),
    ],
  )
  return inserted.rowCount !== 0
}

/**
 * Fills empty tables with the demo data, group by group, in one transaction; a group whose table has rows is left
 * alone, so running it at every start is safe and never overwrites what the shop owner changed.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const withStaff = options.withStaff ?? true
  const { rows: staffRows } = await db.query<{ present: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM users WHERE role = 'staff') AS present",
  )
  const needsStaff = withStaff && staffRows[0]?.present !== true
  // Hash before the transaction: on PGlite a transaction blocks every other query, and hashing takes a while.
  const staffPassword = needsStaff ? generatePassword() : undefined
  const staffHash = staffPassword === undefined ? undefined : await hashPassword(staffPassword)
  const demoCustomerPassword = needsStaff ? generatePassword() : undefined
  const demoCustomerHash =
    demoCustomerPassword === undefined ? undefined : await hashPassword(demoCustomerPassword)

  const result = await db.transaction(async (tx): Promise<SeedResult> => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY])
    const seeded: SeedResult['seeded'] = []
    if (await isEmpty(tx, 'white_labels')) {
      await seedWhiteLabels(tx)
      seeded.push('whiteLabels')
    }
    if (await isEmpty(tx, 'print_modes')) {
      await seedCatalogue(tx)
      seeded.push('catalogue')
    }
    if ((await isEmpty(tx, 'price_sheets')) && (await seedDefaultPriceSheets(tx)) > 0)
      seeded.push('priceSheets')
    if (await isEmpty(tx, 'shipping_countries')) {
      await seedShipping(tx)
      seeded.push('shipping')
    }
    if (await isEmpty(tx, 'vouchers')) {
      await seedDemoVouchers(tx)
      seeded.push('vouchers')
    }
    if (staffPassword === undefined || staffHash === undefined) return { seeded }
    // Another server on the same PostgreSQL may have created it meanwhile; then its password stays unknown here.
    const inserted = await tx.query(
      `INSERT INTO users (id, username, email, password_hash, role, email_verified_at)
       VALUES ($1, $2, $3, $4, 'staff', now()) ON CONFLICT DO NOTHING`,
      [newId(), STAFF_USERNAME, STAFF_EMAIL, staffHash],
    )
    if (inserted.rowCount === 0) return { seeded }
    seeded.push('staff')
    const staffAccount = { username: STAFF_USERNAME, email: STAFF_EMAIL, password: staffPassword }
    if (demoCustomerHash === undefined || demoCustomerPassword === undefined) return { seeded, staffAccount }
    if (!(await seedDemoCustomer(tx, demoCustomerHash))) return { seeded, staffAccount }
    seeded.push('demoCustomer')
    return { seeded, staffAccount, demoCustomerAccount: { ...DEMO_CUSTOMER, password: demoCustomerPassword } }
  })

  await ensureColorThumbnails(db, options.thumbnailsDir)
  return result
}
