# /categories, /brands, /attributes: ids and codes for an import.
categories-title = <b>Категории</b> · стр. { $page } из { $pages } · всего { $total }
categories-legend = ✅ — конечная категория: её ID указывают в товаре как категорию.
brands-title = <b>Бренды</b> · стр. { $page } из { $pages } · всего { $total }
attributes-title = <b>Характеристики</b> · стр. { $page } из { $pages } · всего { $total }
attributes-of-category = Категория: { $category }
attributes-item =
    <b>{ $name }</b> — код <code>{ $code }</code>
    Значения: { $values }
attributes-values-more = … и ещё { $count }
directories-empty = Справочник пуст.
directories-no-hits = Ничего не найдено. Попробуйте другое слово или отправьте команду без текста.
