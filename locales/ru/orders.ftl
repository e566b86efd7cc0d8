# /orders, and the lines every paged list shares (list-*).
list-search = Поиск: «{ $search }»
list-more = … и ещё { $count } — не поместились в сообщение. Уточните поиск.
list-back = ‹ Назад к списку
list-page-gone = Такой страницы нет. Откройте список заново.
list-outdated = Этот список устарел. Отправьте команду ещё раз.

orders-title = <b>Заказы</b> · стр. { $page } из { $pages } · всего { $total }
orders-status-filter = Статус: { $status }
orders-filter-button = Фильтр по статусу
orders-status-choose = Выберите статус заказов:
orders-status-all = Все статусы
orders-no-statuses = Пока не из чего выбирать: у вас ещё нет заказов.
orders-empty = Заказов пока нет. Как только покупатели что-то закажут, заказы появятся здесь.
orders-no-hits = Заказов не найдено. Поиск идёт по номеру заказа, названию товара и штрихкоду — попробуйте иначе или отправьте /orders без текста.
orders-order-gone = Этого заказа уже нет на этой странице. Откройте список заново.
orders-item =
    <b>№ { $number }</b> · { $date } · { $status }
    { $product } × { $quantity }
    Сумма: { $total } · к выплате: { $payout }
order-details =
    <b>Заказ № { $number }</b>
    Статус: { $status }
    Создан: { $created }
    Принят: { $received }

    Товар: { $product }
    Штрихкод: <code>{ $barcode }</code>
    Количество: { $quantity }, возвращено: { $returned }
    Цена: { $price }, без скидки: { $originalPrice }
    Комиссия: { $percent } %, { $commission } за единицу
    К выплате за единицу: { $payout }

    Сумма заказа: { $total }
    Комиссия всего: { $totalCommission }
    К выплате всего: { $totalPayout }

    ID заказа: <code>{ $id }</code>
