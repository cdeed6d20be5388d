import type { StaffOrderListResponse } from '#shared/contracts/staff-orders.contract.ts'

/** Plain data the order list's paths, tests and stories share. */

export const orderListPage: StaffOrderListResponse = {
  orders: [
    {
      _id: 'order_000000000000000002',
      orderNumber: '2026-000102',
      createdAt: '2026-11-26T09:12:00.000Z',
      amountTotal: 14_280,
      orderStatus: 'ORDER_RECEIVED',
      paymentStatus: 'PAYMENT_PENDING',
      isQuote: false,
      email: 'ada@example.com',
      paymentMethod: 'prepaid',
      userId: null,
    },
    {
      _id: 'order_000000000000000001',
      orderNumber: '2026-000101',
      createdAt: '2026-11-25T15:40:00.000Z',
      amountTotal: 5_950,
      orderStatus: 'IN_PRODUCTION',
      paymentStatus: 'PAYMENT_RECEIVED',
      isQuote: false,
      email: 'werkstatt@firma.example',
      paymentMethod: 'billing',
      userId: 'user_000000000000000007',
    },
  ],
  total: 60,
  limit: 25,
  offset: 0,
}

export const emptyOrderListPage: StaffOrderListResponse = { orders: [], total: 0, limit: 25, offset: 0 }
