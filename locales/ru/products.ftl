# /products: the list and a product's card.
products-title = <b>Товары</b> · стр. { $page } из { $pages } · всего { $total }
products-empty = Товаров пока нет. Добавьте их в кабинете продавца или импортируйте файлом — /import.
products-no-hits = Товаров не найдено. Попробуйте часть названия или отправьте /products без текста.
products-product-gone = Этого товара больше нет. Откройте список заново.
products-item =
    <b>{ $n }.</b> { $name }
    ID <code>{ $id }</code> · { $status } · модерация: { $moderation }
    На складе: { $stock } · продаж: { $sales }

product-state-active = активен
product-state-inactive = неактивен
product-state-archived = в архиве
product-state-blocked = заблокирован
product-state-draft = черновик
product-state-approved = одобрен
product-state-on-moderation = на модерации
product-state-rejected = отклонён

product-card =
    <b>{ $name }</b>
    ID товара: <code>{ $id }</code>
    Категория: { $category }
    Бренд: { $brand }
    НДС: { $vat }
    Произведён в Казахстане: { $local }
product-yes = да
product-no = нет
product-unknown = не указано
product-attributes = Характеристики: { $attributes }
product-description = <b>Описание</b>
product-description-cut = (сокращено)
product-skus = <b>SKU: { $count }</b>
product-sku =
    • SKU <code>{ $id }</code> — { $price }
    Штрихкод: <code>{ $barcode }</code> · значения: { $values }
product-skus-more = … и ещё SKU: { $count }
product-stock = На складе: <b>{ $stock } шт.</b> (по товару, все SKU) · продано: { $sales }
product-days-left = При нынешнем темпе продаж хватит ≈ на { $days } дн.
product-threshold-own = Оповещение об остатке: при { $count } шт. и меньше (порог этого товара)
product-threshold-default = Оповещение об остатке: при { $count } шт. и меньше (как в /settings)
product-threshold-button = Изменить порог оповещения
