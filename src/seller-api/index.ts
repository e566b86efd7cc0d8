/** The Seller API client's public entry: the client, its errors, its schemas and types. */
export { createSellerApi, type SellerApi, type SellerApiCall } from "./client.js";
export { createSellerApiDeadlines, type SellerApiDeadlines } from "./deadline.js";
export { type FieldError, SellerApiError, type SellerApiErrorKind } from "./errors.js";
export { pagingEnd } from "./paging.js";
export {
  type Attribute,
  type Brand,
  type Category,
  type DirectoryQuery,
  IMPORT_BATCH_LIMIT,
  type ImportInfo,
  type ImportProduct,
  importPhotoSchema,
  importProductSchema,
  importSkuSchema,
  type LocalizedText,
  type Order,
  type OrderListRequest,
  type ProductDetail,
  type ProductListItem,
  type ProductListRequest,
} from "./schemas.js";
