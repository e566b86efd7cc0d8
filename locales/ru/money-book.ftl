# The money workbook: the button under /money's answer, its progress, the file and its sheets.
money-book-button = 📊 Excel: итоги, товары с ABC, все позиции
money-book-started = 📊 Готовлю Excel за { $period }…
money-book-progress =
    📊 Готовлю Excel за { $period }…
    Прочитано страниц заказов: { $pages }, позиций: { $lines }{ $day ->
        [none] {""}
       *[other] , дошёл до { $day }
    }.
money-book-empty = За { $period } заказов нет — файл не нужен.
money-book-stopped =
    Excel за { $period } не готов: { $reason }
    Нажмите кнопку ещё раз.
money-book-caption =
    📊 Деньги за { $period }: { $lines } { $lines ->
        [one] позиция
        [few] позиции
       *[many] позиций
    }
    Сумма всех позиций: { $total } · к выплате: { $payout }
    Листы: итоги, товары с ABC, все позиции. Время: { $zone }
money-book-file = Деньги

money-book-sheet-summary = Итоги
money-book-sheet-products = Товары
money-book-title = Деньги за { $period }
money-book-zone = Дни периода и время заказов — по { $zone }.
money-book-made = Составлено ({ $zone })
money-book-figure = Показатель
money-book-value = Значение
money-book-orders = Заказов с проданными позициями
money-book-sold-lines = Проданных позиций
money-book-sold-units = Продано, шт.
money-book-sales = Продажи, ₸
money-book-commission = Комиссия, ₸
money-book-payout = К выплате, ₸
money-book-check = Средний чек заказа, ₸
money-book-returned = Вернули, шт.
money-book-returns-value = Возвраты на сумму, ₸
money-book-return-rate = Доля возвращённых штук
money-book-profit = Прибыль, ₸ (товары с себестоимостью)
money-book-no-cost = Проданных позиций без себестоимости
money-book-abc-A = Товаров класса A
money-book-abc-B = Товаров класса B
money-book-abc-C = Товаров класса C
money-book-meaning-sale = продажа
money-book-meaning-returned = продажа, вернулась
money-book-meaning-cancelled = отмена — не продажа
money-book-meaning-unknown = статус не знаком боту — не в продажах
money-book-sold = Продано (без отмен и незнакомых статусов)
money-book-cancelled = Отменено
money-book-all = Все позиции (как итог выгрузки заказов)
money-book-total = Итого
money-book-note-sold = Продажи — позиции всех статусов, кроме отмен и статусов, которых бот не знает. Возвращённые штуки считаются по полю «Возвращено», какой бы ни был статус.
money-book-note-abc = ABC по продажам: товары по убыванию продаж; A — до товара, на котором накопленная доля достигает 80 % (включительно), B — до 95 %, остальные — C. Отмены не в счёт.
money-book-note-profit = Прибыль = к выплате − себестоимость за шт. × (продано − вернули), по товарам, у которых себестоимость известна.
