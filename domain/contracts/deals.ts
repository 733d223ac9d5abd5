import { z } from 'zod';
import { BOOKING_STATUSES, PRE_SALE_BOOKING_STATUSES } from '../deals';

/** A booking as GET /bookings lists it and its record and writes answer it. */
export const bookingSchema = z.object({
  id: z.number(),
  property_id: z.number(),
  property_no: z.string(),
  building_id: z.number(),
  building_name: z.string(),
  block_name: z.string().nullable(),
  customer_id: z.number(),
  customer_name: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  price: z.number(),
  currency: z.string(),
  paid: z.boolean(),
  status: z.enum(BOOKING_STATUSES),
  note: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A reservation (pre-sale booking) with the statuses it may move to next. */
export const preSaleBookingSchema = z.object({
  id: z.number(),
  property_id: z.number(),
  property_no: z.string(),
  property_status: z.string(),
  building_id: z.number(),
  building_name: z.string(),
  block_name: z.string().nullable(),
  customer_id: z.number(),
  customer_name: z.string(),
  status: z.enum(PRE_SALE_BOOKING_STATUSES),
  next_statuses: z.array(z.enum(PRE_SALE_BOOKING_STATUSES)),
  hold_until: z.string(),
  note: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type PreSaleBooking = z.infer<typeof preSaleBookingSchema>;

/** A unit given in a barter. */
export const barterUnitSchema = z.object({
  id: z.number(),
  no: z.string(),
  building_id: z.number(),
  building_name: z.string(),
  block_id: z.number().nullable(),
  block_name: z.string().nullable(),
  floor: z.number(),
  area: z.number(),
  price: z.number().nullable(),
  currency: z.string(),
  status: z.string(),
});
export type BarterUnit = z.infer<typeof barterUnitSchema>;

/** A barter as GET /barter lists it, with its units. */
export const barterSchema = z.object({
  id: z.number(),
  counterparty: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  description: z.string().nullable(),
  value: z.number(),
  currency: z.string(),
  agreed_on: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  units: z.array(barterUnitSchema),
});
export type Barter = z.infer<typeof barterSchema>;

/** GET /barter/{id} and the writes: the barter with its units' ids too. */
export const barterDetailSchema = barterSchema.extend({ property_ids: z.array(z.number()) });
export type BarterDetail = z.infer<typeof barterDetailSchema>;

/** An advance payment: money a customer paid before a sale, perhaps for a unit ('complex, block, №no'). */
export const advancePaymentSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  property_id: z.number().nullable(),
  property_label: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  paid_on: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdvancePayment = z.infer<typeof advancePaymentSchema>;
