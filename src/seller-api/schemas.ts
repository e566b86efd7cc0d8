import { z } from "zod";

/**
 * Zod schemas of the Seller API (shared/seller-api.md): the single source of the client's types.
 * Responses are read leniently where the spec is loose (nullable, extra properties, missing
 * optional fields); requests we build are typed strictly. The strict import-file schema lives
 * with the import feature, where user input is validated.
 */

const int = z.number().int();
const text = z.string().nullish();
/** A multi-language value `{rus, kaz}` as the API returns it. */
export const localizedText = z
  .object({ rus: z.string().nullish(), kaz: z.string().nullish() })
  .nullish();
export type LocalizedText = z.infer<typeof localizedText>;

// 2.2 / 2.3 import
export const importAcceptedSchema = z.object({
  jobId: int,
  receivedItems: int.nullish(),
  queuedAt: text,
  infoUrl: text,
});
export type ImportAccepted = z.infer<typeof importAcceptedSchema>;

export const importErrorItemSchema = z.object({
  code: text,
  description: text,
  field: text,
});
export type ImportErrorItem = z.infer<typeof importErrorItemSchema>;

export const importSkuResultSchema = z.object({
  index: int,
  skuId: int.nullish(),
  status: z.string().nullish(),
  errors: z.array(importErrorItemSchema).nullish(),
});
export const importProductResultSchema = z.object({
  index: int,
  productId: int.nullish(),
  status: z.string().nullish(),
  errors: z.array(importErrorItemSchema).nullish(),
  skus: z.array(importSkuResultSchema).nullish(),
});
export type ImportProductResult = z.infer<typeof importProductResultSchema>;
export const importInfoSchema = z.object({
  products: z.array(importProductResultSchema).nullish(),
});
export type ImportInfo = z.infer<typeof importInfoSchema>;

// 2.4 products
const pageEnvelope = {
  totalCount: int.nullish(),
  pageNumber: int.nullish(),
  pageSize: int.nullish(),
  totalPages: int.nullish(),
};
export const productListItemSchema = z.object({
  productId: int,
  productName: localizedText,
  categoryId: int.nullish(),
  categoryName: localizedText,
  productStatus: text,
  moderationStatus: text,
  totalWmsQuantity: z.number().nullish(),
  salesCount: z.number().nullish(),
  photo: z.object({ url: text }).nullish(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const productListSchema = z.object({
  products: z.array(productListItemSchema).nullish(),
  ...pageEnvelope,
});
export type ProductList = z.infer<typeof productListSchema>;

// 2.5 product details
export const skuDetailSchema = z.object({
  skuId: int,
  attributeValueIds: z.array(int).nullish(),
  price: z.number().nullish(),
  skuBarcode: text,
  photos: z.array(z.object({ url: text, order: int.nullish() })).nullish(),
});
export type SkuDetail = z.infer<typeof skuDetailSchema>;
export const productDetailSchema = z.object({
  productId: int,
  categoryId: int.nullish(),
  brandId: int.nullish(),
  isLocalMade: z.boolean().nullish(),
  name: localizedText,
  description: localizedText,
  vat: z.number().nullish(),
  attributes: z.array(z.object({ id: int, valueIds: z.array(int).nullish() })).nullish(),
  skus: z.array(skuDetailSchema).nullish(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
export const productDetailsSchema = z.object({ products: z.array(productDetailSchema).nullish() });

// 2.6 orders
export const orderSchema = z.object({
  orderId: int,
  orderGuid: text,
  orderNumber: text,
  createdDate: text,
  receivedDate: text,
  statusKey: text,
  statusLabel: text,
  barcode: text,
  productName: text,
  quantity: z.number().nullish(),
  quantityReturned: z.number().nullish(),
  commissionPercent: z.number().nullish(),
  price: z.number().nullish(),
  originalPrice: z.number().nullish(),
  commissionAmount: z.number().nullish(),
  payoutAmount: z.number().nullish(),
  totalPrice: z.number().nullish(),
  totalCommissionAmount: z.number().nullish(),
  totalPayoutAmount: z.number().nullish(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.object({
  orders: z.array(orderSchema).nullish(),
  ...pageEnvelope,
});
export type OrderList = z.infer<typeof orderListSchema>;

// 2.7 directories
export const categorySchema = z.object({ id: int, parentId: int.nullish(), name: text });
export type Category = z.infer<typeof categorySchema>;
export const brandSchema = z.object({ id: int, name: text });
export type Brand = z.infer<typeof brandSchema>;
export const attributeSchema = z.object({ code: z.string(), name: text, id: int.nullish() });
export type Attribute = z.infer<typeof attributeSchema>;
export const attributeValuesGroupSchema = z.object({
  attributeCode: z.string(),
  values: z.array(z.object({ code: z.string(), name: text, id: int.nullish() })).nullish(),
});
export type AttributeValuesGroup = z.infer<typeof attributeValuesGroupSchema>;

const itemsPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).nullish(), ...pageEnvelope });
export const categoryPageSchema = itemsPage(categorySchema);
export const brandPageSchema = itemsPage(brandSchema);
/** The spec shows the attribute directory as one `{code, name}` object; accept that or a page. */
export const attributePageSchema = z.union([
  itemsPage(attributeSchema),
  z.array(attributeSchema).transform((items) => ({ items, totalCount: items.length })),
  attributeSchema.transform((item) => ({ items: [item], totalCount: 1 })),
]);
export const attributeValuesPageSchema = z.object({
  data: z.array(attributeValuesGroupSchema).nullish(),
  totalCount: int.nullish(),
  pageNumber: int.nullish(),
  pageSize: int.nullish(),
});
export type Page<T> = {
  items: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
};

// 2.8 messenger link
export const confirmTokenResponseSchema = z.object({ success: z.boolean() });
export const linkStatusSchema = z.object({
  isActive: z.boolean(),
  languageCode: z.string().nullish(),
  confirmedAt: z.string().nullish(),
});
export type LinkStatus = z.infer<typeof linkStatusSchema>;

// 5 auth (shape of the public API the bot meets: client_id/client_secret -> accessToken)
export const authTokenSchema = z.object({
  accessToken: z.string().min(1),
  expiresIn: z.number().positive().nullish(),
  tokenType: z.string().nullish(),
});

// 7 error object
export const apiErrorBodySchema = z
  .object({
    type: text,
    title: text,
    status: z.number().nullish(),
    detail: text,
    instance: text,
    errorCode: text,
    errorMessage: text,
    errors: z
      .record(
        z.string(),
        z.array(
          z.union([
            z.object({ code: text, description: text }).passthrough(),
            z.string().transform((description) => ({ code: null, description })),
          ]),
        ),
      )
      .nullish(),
  })
  .passthrough();
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

// request bodies (4.3, 4.5)
export interface OrderListRequest {
  pageNumber: number;
  pageSize: number;
  sortBy?: "orderNumber" | "status" | "createdDate";
  sortDirection?: "asc" | "desc";
  filters?: { orderStatus?: string[]; search?: string };
}
export interface ProductListRequest {
  pageNumber: number;
  pageSize: number;
  sortBy?: "id" | "name" | "status";
  sortDirection?: "Asc" | "Desc";
  filters?: {
    categoryIds?: number[];
    productStatus?: string[];
    moderationProductStatus?: string[];
    search?: string;
    shopId?: number;
  };
}
export interface DirectoryQuery {
  pageNumber?: number;
  pageSize?: number;
  search?: string;
  attributeCode?: string;
  categoryId?: number;
}

// 2.1 import request: strict, because it is what we send (no unknown properties anywhere).
const int64 = z
  .number()
  .int()
  .min(-(2 ** 53) + 1)
  .max(2 ** 53 - 1);
export const importMultiLangSchema = z.strictObject({
  rus: z.string().trim().min(1),
  kaz: z.string().nullish(),
});
export const importAttributeSchema = z.strictObject({
  code: z.string().trim().min(1),
  valueCodes: z.array(z.string().trim().min(1)).nullish(),
});
export const importPhotoSchema = z.strictObject({
  mediaFile: z.string().trim().min(1),
  order: z.number().int().min(1),
});
export const importSkuSchema = z.strictObject({
  skuId: int64.positive().nullish(),
  attributeValueCodes: z.array(z.string().trim().min(1)).nullish(),
  price: z.number().finite().positive(),
  barcode: z.string().nullish(),
  photos: z.array(importPhotoSchema).nullish(),
});
export const importProductSchema = z.strictObject({
  shopId: int64.nullish(),
  productId: int64.positive().nullish(),
  categoryId: int64.positive(),
  brandId: int64.positive(),
  isLocalMade: z.boolean().optional(),
  name: importMultiLangSchema,
  description: importMultiLangSchema,
  vat: z.number().int().optional(),
  attributes: z.array(importAttributeSchema).nullish(),
  skus: z.array(importSkuSchema).nullish(),
});
export type ImportProduct = z.infer<typeof importProductSchema>;
/** Spec section 8: at most 30 product cards per import request. */
export const IMPORT_BATCH_LIMIT = 30;
export const importRequestSchema = z.strictObject({
  products: z.array(importProductSchema).min(1).max(IMPORT_BATCH_LIMIT),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;
