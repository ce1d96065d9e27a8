import type { CatalogueLang } from '../catalog/catalogue-texts';
import type { VatRow } from './pricing';
import type { PaymentChoice, ShippingChoice } from './shipping.service';
import type { PickupPointView } from './pickup.service';
import type { GiftMotivationView, GiftView } from './gifts.service';

/** Who asks and where: the service never sees Hono, only these values. */
export interface CartContext {
  sessionHash: string;
  /** `vatRate`: the shop's standard rate (else the rate of its country). */
  shop: { id: number; country: string; currency: string; currencySymbol: string; rounding: number; vatRate?: number };
  wholesale: boolean;
  /** The signed-in user (vouchers owned by a user apply only to their carts). */
  userId?: number | null;
  /** The languages of product names and addresses (catalogue-texts.ts); Slovak when left out. */
  lang?: CatalogueLang;
  /** The request's clock time (voucher validity dates); defaults to the wall clock. */
  now?: Date;
}

/** The voucher applied to the cart, re-checked on every read; `valid: false` takes nothing off. */
export interface CartVoucherView {
  id: number;
  code: string;
  type: number;
  value: number;
  amount_from: number;
  gift_item: string | null;
  valid: boolean;
  /** Slovak source text (translated at the edge) saying why it applies or not. */
  message: string;
  values?: Record<string, unknown>;
}

/** Spec 3, "Cart item", plus what the page needs (line total, excess badge, points, link). */
export interface CartItemView {
  id: number;
  quantity: number;
  price_active: number;
  name: string;
  product: { id: number; image_medium: string | null };
  image: string | null;
  url: string;
  manufactured: boolean;
  product_quantity: number;
  product_cart_limit: number | null;
  line_total: number;
  excess: boolean;
  available: number;
  points: number;
  /** False once the product is hidden or blocked (visible ≠ 2): it can only be removed. */
  purchasable: boolean;
}

export type CartProblem = 'empty' | 'excess' | 'unavailable' | 'shipping' | 'payment' | 'combination' | 'pickup';

/** The one cart view: the API, both step pages and the wizard show exactly these figures. */
export interface CartView {
  items: CartItemView[];
  count: number;
  subtotal: number;
  services: number;
  shipping_price: number | null;
  payment_fee: number;
  /** Voucher discount taken off before the cash rounding (minor units). */
  discount: number;
  voucher: CartVoucherView | null;
  alignment: number;
  total: number;
  points: number;
  currency: { code: string; symbol: string; round: number };
  /** Delivery country (sk or cz): the shop's own unless a wholesale buyer chose the other one. */
  country: string;
  /** Countries this buyer may choose (spec 5). */
  countries: string[];
  /** The delivery country's standard VAT rate (percent). */
  vat_rate: number;
  /** VAT contained in the total before the cash rounding (minor units; 0 for an empty cart). */
  vat: number;
  /** The same VAT per rate, as the invoice will print it (server/cart/pricing.ts vatBreakdown). */
  vat_rows: VatRow[];
  /** The gift that goes with the order (the best one the subtotal reached): zero or one. */
  gifts: GiftView[];
  /** Spec 4: gifts above the subtotal with the progress towards each. */
  gift_motivations: GiftMotivationView[];
  shipping: number | null;
  payment: number | null;
  pickup_point: PickupPointView | null;
  shipping_options: ShippingChoice[];
  payment_options: PaymentChoice[];
  /** What still stops step 3; empty = ready. */
  problems: CartProblem[];
  return_path: string;
}


export interface DeliveryChoice {
  /** undefined = keep; a number = choose (carrier id). */
  companyId?: number;
  paymentId?: number;
  pickupPointId?: number | null;
}
