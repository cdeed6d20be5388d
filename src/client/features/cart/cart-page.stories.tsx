import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type FakeAppActorsOptions } from '#client/testing/fake-app-actors.ts'
import { bracketItem, clipItem, discountedItem, pa12, smallItem } from '#client/testing/shop-fixtures.ts'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { CartPage } from './cart-page.tsx'
import { ProcessingStepsDialog } from './processing-steps-dialog.tsx'

/** The cart page in the cart machine's states, with items above and below the minimum order value. */
const meta = {
  title: 'Cart/Cart page',
  component: CartPage,
  parameters: { path: '/cart' } satisfies AppStoryParameters,
} satisfies Meta<typeof CartPage>

export default meta
type Story = StoryObj<typeof meta>

const cart = (options: FakeAppActorsOptions): Story => ({
  parameters: {
    app: { ...options, states: { orderProcess: 'viewCart', ...options.states } },
  } satisfies AppStoryParameters,
})

export const Empty = cart({ cartItems: [], states: { orderProcess: 'noOrderOngoing' } })
export const Loading = cart({ states: { cart: 'loading' } })
export const LoadFailed = cart({ states: { cart: 'failed' } })
export const Filled = cart({ cartItems: [bracketItem, clipItem] })
export const FilledBusiness = cart({
  cartItems: [bracketItem, clipItem],
  states: { preferences: 'ready:business' },
})
export const BelowMinimumOrderValue = cart({ cartItems: [smallItem] })
export const BelowMinimumOrderValueBusiness = cart({
  cartItems: [smallItem],
  states: { preferences: 'ready:business' },
})
export const Discounted = cart({ cartItems: [discountedItem, clipItem] })
export const AttachmentsAllowed = cart({
  cartItems: [bracketItem, clipItem],
  states: { preferences: 'ready:private:attachments' },
})
export const ChangingQuantity = cart({
  cartItems: [bracketItem, clipItem],
  states: { cart: 'busy:patching' },
})
export const Removing = cart({ cartItems: [bracketItem], states: { cart: 'busy:deleting' } })
export const UploadingAttachment = cart({
  cartItems: [clipItem],
  states: { cart: 'busy:uploadingAttachment', preferences: 'ready:private:attachments' },
})
export const FilledEnglish: Story = {
  ...cart({ cartItems: [bracketItem, clipItem] }),
  globals: { locale: 'en' },
}
export const BelowMinimumFrench: Story = { ...cart({ cartItems: [smallItem] }), globals: { locale: 'fr' } }
export const FilledMobile: Story = { ...cart({ cartItems: [discountedItem, clipItem] }), ...onMobile }
export const EmptyMobile: Story = {
  ...cart({ cartItems: [], states: { orderProcess: 'noOrderOngoing' } }),
  ...onMobile,
}
export const FilledTablet: Story = { ...cart({ cartItems: [bracketItem, smallItem] }), ...onTablet }

/** The processing-steps dialog: a demo that saves nothing. */
export const ProcessingSteps: StoryObj<typeof ProcessingStepsDialog> = {
  render: () => <ProcessingStepsDialog item={bracketItem} steps={pa12.processingSteps} onClose={() => {}} />,
}
export const ProcessingStepsNone: StoryObj<typeof ProcessingStepsDialog> = {
  render: () => <ProcessingStepsDialog item={clipItem} steps={[]} onClose={() => {}} />,
}
