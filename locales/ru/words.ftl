# A seller's words for what the Seller API names in its own way: fields, error codes.

## Fields (src/text/fields.ts)
field-price = Цена
field-barcode = Штрихкод
field-photos = Фото
field-category = Категория
field-brand = Бренд
field-local-made = Произведён в Казахстане
field-vat = НДС
field-product-id = ID товара
field-sku-id = ID SKU
field-shop = Магазин
field-product-key = Ключ товара
field-sku-values = Значения характеристик SKU
field-skus = SKU
field-attributes = Характеристики
field-attribute = Характеристика
field-attribute-values = Значения характеристики
field-attribute-code = Характеристика «{ $code }»
field-name = Название
field-name-rus = Название (рус.)
field-name-kaz = Название (каз.)
field-description = Описание
field-description-rus = Описание (рус.)
field-description-kaz = Описание (каз.)

## The Seller API's errors: its codes the bot knows, each in a sentence of its own
api-code-product-not-found = такого товара нет в кабинете — проверьте ID товара
api-code-shop-not-found = магазин не найден в кабинете, к которому привязан чат
api-code-category-not-found = такой категории нет — выберите категорию в /categories
api-code-category-not-leaf = у этой категории есть подкатегории — выберите самую вложенную в /categories
api-code-brand-not-found = такого бренда нет — выберите бренд в /brands
api-code-attribute-not-found = у категории нет такой характеристики — список в /attributes
api-code-attribute-value-not-found = у характеристики нет такого значения — список в /attributes
api-code-sku-not-found = у товара нет такого SKU — проверьте ID SKU
api-code-invalid-price = цена должна быть больше нуля
api-code-duplicate-barcode = такой штрихкод уже есть у другого SKU — укажите свой
# Any other: the service's own words, after ours.
api-error-other = сервис не принял значение. Его ответ: «{ $text }»
api-error-none = сервис отметил ошибку без подробностей

## Order statuses the bot knows (others are shown as the service names them)
order-state-new = Новый
order-state-accepted = Принят продавцом
order-state-delivering = Доставляется
order-state-delivered = Доставлен
order-state-completed = Выполнен
order-state-cancelled = Отменён
order-state-return-requested = Оформляется возврат
order-state-returned = Возврат
