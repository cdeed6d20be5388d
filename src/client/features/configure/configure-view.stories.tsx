import { type Meta, type StoryObj } from '@storybook/react-vite'
import { analysedFile } from '#machines/upload/upload.fixtures.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { type FakeAppActorsOptions } from '#client/testing/fake-app-actors.ts'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { type ConfigureStoryState, type PricingStoryState } from '#client/testing/story-states.ts'
import { ConfigureView } from './configure-view.tsx'

/** The configure view of the file the app actors are configuring. */
function CurrentConfiguration() {
  const session = useSlot(useAppActors().configuration)
  return session ? <ConfigureView session={session} /> : null
}

/**
 * The checkout hero in the configure step: each sub-step and its busy and failure states (configure machine), each
 * printability message and price state (pricing machine answers), business and private prices, mobile and desktop.
 */
const meta = {
  title: 'Configure/Checkout hero',
  component: CurrentConfiguration,
  parameters: { path: '/' } satisfies AppStoryParameters,
} satisfies Meta<typeof CurrentConfiguration>

export default meta
type Story = StoryObj<typeof meta>

const configuring = (
  state: ConfigureStoryState,
  pricing?: PricingStoryState,
  more: Omit<FakeAppActorsOptions, 'configure'> = {},
  file?: AnalysisFile,
): Story => ({
  parameters: {
    app: { ...more, configure: { state, ...(pricing ? { pricing } : {}), ...(file ? { file } : {}) } },
  } satisfies AppStoryParameters,
})

/** A file the analysis could not make printable. */
const unprintableFile = {
  ...analysedFile,
  analysedProperties: { ...analysedFile.analysedProperties, printable: false, watertight: false },
}

// Step 0: basics
export const Basics = configuring('basics')
export const BasicsRepairedNeedsAgreement = configuring('basics:repair')
export const BasicsRepairedAgreed = configuring('basics:repair-agreed')
export const BasicsInInches = configuring('basics:inch')
export const BasicsSaving = configuring('basics:saving')
export const BasicsSaveFailed = configuring('basics:failed')
/** Measured while the wall thickness and pictures are computed (decision 0124 §2): step 0 at once. */
export const BasicsAnalysisPending = configuring('basics:analysis-pending')
/** "Next" waits for the wall thickness: "being calculated". */
export const BasicsAwaitingAnalysis = configuring('basics:awaiting-analysis')

// Step 1: materials
export const MaterialsNoPrintModeYet = configuring('materials', 'printable')
export const MaterialsCalculating = configuring('materials:pm-1:repricing', 'calculating')
export const MaterialsPriceLoadingFlags = configuring('materials:pm-1', 'settling:printable')
export const MaterialsPrintable = configuring('materials:pm-1', 'printable')
export const MaterialsPrintableBusiness = configuring('materials:pm-1', 'printable', {
  states: { preferences: 'ready:business' },
})
export const MaterialsZeroTax = configuring('materials:pm-1', 'zero-tax')
export const MaterialsZeroTaxBusiness = configuring('materials:pm-1', 'zero-tax', {
  states: { preferences: 'ready:business' },
})
export const MaterialsQuantityError = configuring('materials:pm-1:quantity-error', 'printable')
export const MaterialsScaleEmpty = configuring('materials:scale-empty', 'idle')
export const MaterialsPricingFailed = configuring('materials:pm-1:repricing', 'failed')
export const MaterialsPrintModesLoading = configuring('materials', 'idle', {
  states: { printModes: 'loading' },
})
export const MaterialsPrintModesFailed = configuring('materials', 'idle', {
  states: { printModes: 'failed' },
})

// The printability messages (spec part 1 §4)
export const PrintabilityTooLargeForAll = configuring('materials:pm-1:repricing', 'too-large-for-all')
export const PrintabilityTooLargeForAllNoPrintMode = configuring('materials', 'too-large-for-all')
export const PrintabilityTooLargeForPrintMode = configuring(
  'materials:pm-1:repricing',
  'too-large-for-print-mode',
)
export const PrintabilityNotPrintableForPrintMode = configuring(
  'materials:pm-1:repricing',
  'not-printable-for-print-mode',
)
/** Smaller than the mode's minimum feature size: the message and no price (issue 14, item 6; decision 0102). */
export const PrintabilityTooSmall = configuring('materials:pm-1:repricing', 'too-small')
export const PrintabilityMightCauseProblems = configuring('materials:pm-1', 'might-cause-problems')
export const PrintabilityPrintable = configuring('materials:pm-1', 'printable')
export const PrintabilityNotPrintable = configuring(
  'materials:pm-1:repricing',
  'not-printable',
  {},
  unprintableFile,
)
export const PrintabilityIndeterminate = configuring('materials:pm-1:repricing', 'idle')

// Step 2: finishes
export const Finishes = configuring('finishes:pm-1', 'printable')
export const FinishesColourNotPrintable = configuring('finishes:pm-1', 'black-not-printable')
export const FinishesRepricing = configuring('finishes:pm-1:repricing', 'calculating')
export const FinishesAdding = configuring('finishes:adding', 'printable')
export const FinishesAddFailed = configuring('finishes:failed', 'printable')

// Languages and screen sizes
export const MaterialsEnglish: Story = {
  ...configuring('materials:pm-1', 'printable'),
  globals: { locale: 'en' },
}
export const FinishesFrench: Story = {
  ...configuring('finishes:pm-1', 'printable'),
  globals: { locale: 'fr' },
}
export const BasicsRepairedEnglish: Story = { ...configuring('basics:repair'), globals: { locale: 'en' } }
export const BasicsMobile: Story = { ...configuring('basics:repair'), ...onMobile }
export const MaterialsMobile: Story = { ...configuring('materials:pm-1', 'printable'), ...onMobile }
export const FinishesMobile: Story = { ...configuring('finishes:pm-1', 'black-not-printable'), ...onMobile }
export const MaterialsTablet: Story = {
  ...configuring('materials:pm-1', 'might-cause-problems'),
  ...onTablet,
}
