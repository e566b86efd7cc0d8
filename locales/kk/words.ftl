# A seller's words for what the Seller API names in its own way: fields, error codes.

## Fields (src/text/fields.ts)
field-price = Баға
field-barcode = Штрихкод
field-photos = Фото
field-category = Санат
field-brand = Бренд
field-local-made = Қазақстанда өндірілген
field-vat = ҚҚС
field-product-id = Тауар ID
field-sku-id = SKU ID
field-shop = Дүкен
field-product-key = Тауар кілті
field-sku-values = SKU сипаттамаларының мәндері
field-skus = SKU
field-attributes = Сипаттамалар
field-attribute = Сипаттама
field-attribute-values = Сипаттама мәндері
field-attribute-code = «{ $code }» сипаттамасы
field-name = Атауы
field-name-rus = Атауы (орыс.)
field-name-kaz = Атауы (қаз.)
field-description = Сипаттамасы
field-description-rus = Сипаттамасы (орыс.)
field-description-kaz = Сипаттамасы (қаз.)

## The Seller API's errors: its codes the bot knows, each in a sentence of its own
api-code-product-not-found = кабинетте мұндай тауар жоқ — тауар ID-ін тексеріңіз
api-code-shop-not-found = чат байланған кабинетте дүкен табылмады
api-code-category-not-found = мұндай санат жоқ — санатты /categories ішінен таңдаңыз
api-code-category-not-leaf = бұл санаттың ішкі санаттары бар — /categories ішінен ең ішкісін таңдаңыз
api-code-brand-not-found = мұндай бренд жоқ — брендті /brands ішінен таңдаңыз
api-code-attribute-not-found = санатта мұндай сипаттама жоқ — тізімі /attributes ішінде
api-code-attribute-value-not-found = сипаттамада мұндай мән жоқ — тізімі /attributes ішінде
api-code-sku-not-found = тауарда мұндай SKU жоқ — SKU ID-ін тексеріңіз
api-code-invalid-price = баға нөлден үлкен болуы керек
api-code-duplicate-barcode = мұндай штрихкод басқа SKU-да бар — өзіңіздікін көрсетіңіз
# Any other: the service's own words, after ours.
api-error-other = сервис мәнді қабылдамады. Оның жауабы: «{ $text }»
api-error-none = сервис қатені егжей-тегжейсіз белгіледі

## Order statuses the bot knows (others are shown as the service names them)
order-state-new = Жаңа
order-state-accepted = Сатушы қабылдады
order-state-delivering = Жеткізілуде
order-state-delivered = Жеткізілді
order-state-completed = Орындалды
order-state-cancelled = Бас тартылды
order-state-return-requested = Қайтару рәсімделуде
order-state-returned = Қайтарылды
