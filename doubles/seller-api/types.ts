/** Shared types of the sandbox Seller API (independent of the bot's own schemas). */

export interface MultiLang {
  rus: string;
  kaz: string;
}

export interface SeedCategory {
  id: number;
  /** 0 for the three root categories (the spec types parentId as a plain integer). */
  parentId: number;
  name: MultiLang;
}

export interface SeedBrand {
  id: number;
  name: string;
}

export interface SeedAttribute {
  id: number;
  code: string;
  name: string;
  /** Leaf categories the attribute applies to (used by `GET /attributes?categoryId=`). */
  categoryIds: number[];
}

export interface SeedAttributeValue {
  id: number;
  attributeId: number;
  attributeCode: string;
  code: string;
  name: string;
}

export interface SeedSku {
  skuId: number;
  attributeValueIds: number[];
  price: number;
  skuBarcode: string;
  photos: { url: string; order: number }[];
}

export interface SeedProduct {
  productId: number;
  shopId: number;
  categoryId: number;
  brandId: number;
  isLocalMade: boolean;
  name: MultiLang;
  description: MultiLang;
  vat: number;
  productStatus: string;
  moderationStatus: string;
  totalWmsQuantity: number;
  salesCount: number;
  /** Main photo, `null` when the product has none (the list then answers `photo: null`). */
  photoUrl: string | null;
  attributes: { id: number; valueIds: number[] }[];
  skus: SeedSku[];
}

/** Exactly the order list item of seller-api.md 2.6. */
export interface SeedOrder {
  orderId: number;
  orderGuid: string;
  orderNumber: string;
  createdDate: string;
  receivedDate: string;
  statusKey: string;
  statusLabel: string;
  barcode: string;
  productName: string;
  quantity: number;
  quantityReturned: number;
  commissionPercent: number;
  price: number;
  originalPrice: number;
  commissionAmount: number;
  payoutAmount: number;
  totalPrice: number;
  totalCommissionAmount: number;
  totalPayoutAmount: number;
}

export interface Seed {
  /** Orders in creation order (orderId ascending). */
  orders: SeedOrder[];
  /** Real instant of every order (ms since epoch), keyed by orderId; used for sorting. */
  orderCreatedAt: Record<number, number>;
  products: SeedProduct[];
  categories: SeedCategory[];
  brands: SeedBrand[];
  attributes: SeedAttribute[];
  attributeValues: SeedAttributeValue[];
  shopIds: number[];
  orderStatuses: { key: string; label: string }[];
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed JSON, or the raw string when it is not JSON, or undefined when empty. */
  body: unknown;
  /** Lower-case names, authorization kept. */
  headers: Record<string, string>;
  /** 0 while unanswered (and forever for "hang" / "drop"). */
  status: number;
  /** When the request came (ms since epoch), before its body was read. */
  at: number;
  /** When the answer was sent (ms since epoch); absent while unanswered. */
  doneAt?: number;
}

export type FailKind = "500" | "503" | "401" | "hang" | "malformed" | "wrong-shape" | "drop";

export type FailMatcher = string | ((req: RequestLogEntry) => boolean);

export interface FieldError {
  code: string;
  description: string;
}

export type FieldErrors = Record<string, FieldError[]>;

export interface ImportPhoto {
  mediaFile?: string | null;
  order: number;
}

export interface ImportSku {
  skuId?: number | null;
  attributeValueCodes?: string[] | null;
  price: number;
  barcode?: string | null;
  photos?: ImportPhoto[] | null;
}

export interface ImportProduct {
  shopId?: number | null;
  productId?: number | null;
  categoryId: number;
  brandId: number;
  isLocalMade?: boolean;
  name: { rus: string; kaz?: string | null };
  description: { rus: string; kaz?: string | null };
  vat?: number;
  attributes?: { code?: string | null; valueCodes?: string[] | null }[] | null;
  skus?: ImportSku[] | null;
}

export interface ImportErrorItem {
  code: string;
  description: string;
  field: string;
}

export interface SkuResult {
  index: number;
  skuId: number;
  status: string;
  errors: ImportErrorItem[];
}

export interface ProductResult {
  index: number;
  productId: number;
  status: string;
  errors: ImportErrorItem[];
  skus: SkuResult[];
}

export interface JobRecord {
  jobId: number;
  /** The request's products, as received. */
  products: ImportProduct[];
  /** How many times import/info was read for this job. */
  polls: number;
  /** ms since epoch */
  createdAt: number;
  /** The final result the job reports once `polls > jobSteps`. */
  result: ProductResult[];
}

export interface LinkInfo {
  isActive: boolean;
  languageCode: string;
  confirmedAt: string;
  userName: string;
}
