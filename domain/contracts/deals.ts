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
