# Money: /money, its periods and answer; the money alerts and the month's statement.
cmd-money = Деньги: продажи, выплаты, возвраты
help-money = сколько заработал магазин за период: продажи, комиссия, выплата, возвраты, лучшие товары
cmd-today = Продажи за сегодня
help-today = продажи, выплата и возвраты за сегодня (то же — кнопка «Сегодня»)

money-choose = 💰 <b>Деньги</b>. За какой период посчитать?
money-today = Сегодня
money-week = 7 дней
money-month = Этот месяц
money-last-month = Прошлый месяц
money-typed = Свои даты
money-ask-dates =
    Напишите дату, например <code>14.11.2026</code>, или период: <code>01.11.2026–14.11.2026</code>.
    Дни считаются по времени { $zone }, оба конца периода включены. /cancel — отменить.
money-dates-unreadable = Не получилось прочитать «{ $text }». Напишите дату как <code>14.11.2026</code> или период как <code>01.11.2026–14.11.2026</code>.
money-dates-reversed = Начало периода ({ $from }) позже его конца ({ $to }). Напишите сначала раннюю дату, например <code>{ $to }–{ $from }</code>.
money-future = Этот период ещё не начался — заказов в нём нет. Выберите другой.
money-busy = Уже считаю деньги для этого чата. Дождитесь ответа и попробуйте снова.
money-started = 💰 Считаю деньги за { $period }…
money-progress =
    💰 Считаю деньги за { $period }…
    Прочитано страниц заказов: { $pages }, позиций: { $lines }{ $day ->
        [none] {""}
       *[other] , дошёл до { $day }
    }.
money-stopped =
    Не получилось посчитать: { $reason }
    Попробуйте ещё раз — /money.

money-period-until = { $days } (до { $time })
money-change-up = ▲ { $pct } %
money-change-down = ▼ { $pct } %
money-change-same = = 0 %
money-change-new = новое
money-title = 💰 <b>Деньги за { $period }</b>
money-previous = <i>В скобках — прошлый период того же срока, { $period }.</i>
money-orders = Заказов: { $orders } { $change } (было { $before }) — { $lines } { $lines ->
        [one] позиция
        [few] позиции
       *[many] позиций
    }, { $units } шт.
money-sales = Продажи: { $now } { $change } (было { $before })
money-commission = Комиссия: { $now } { $change } (было { $before })
money-payout = К выплате: <b>{ $now }</b> { $change } (было { $before })
money-check = Средний чек заказа: { $now } { $change } (было { $before })
money-returns = Возвраты: { $units } шт. на { $value } — { $rate } % проданных (было { $before } %)
money-profit = Прибыль: <b>{ $profit }</b> — по { $lines } { $lines ->
        [one] позиции
       *[other] позициям
    } с себестоимостью (к выплате − себестоимость × (продано − вернули))
money-profit-missing = Без себестоимости: { $lines } { $lines ->
        [one] проданная позиция
        [few] проданные позиции
       *[many] проданных позиций
    } ({ $products } { $products ->
        [one] товар
        [few] товара
       *[many] товаров
    }) — в прибыль не вошли. Себестоимость можно указать в выгрузке каталога (/export).
money-profit-none = Прибыль не посчитана: ни у одного проданного товара нет себестоимости. Укажите её в выгрузке каталога (/export) или пришлите файл с колонками «Штрихкод» и «Себестоимость».
money-no-orders = Заказов за этот период нет.
money-statuses = <b>По статусам</b>
money-status = { $status }: { $lines } { $lines ->
        [one] позиция
        [few] позиции
       *[many] позиций
    }, { $units } шт., { $sales }, комиссия { $commission }, к выплате { $payout }
money-status-cancelled = { $status } — не продажи: { $lines } { $lines ->
        [one] позиция
        [few] позиции
       *[many] позиций
    }, { $units } шт., { $sales }, комиссия { $commission }, к выплате { $payout }
money-status-unknown = ⚠️ { $status } — в продажи не вошли: { $lines } { $lines ->
        [one] позиция
        [few] позиции
       *[many] позиций
    }, { $units } шт., { $sales }, комиссия { $commission }, к выплате { $payout }
money-statuses-more = … и ещё { $count } { $count ->
        [one] статус
        [few] статуса
       *[many] статусов
    } с меньшим числом позиций
money-unknown = ⚠️ { $count ->
        [one] Статус { $statuses } бот не знает: эти заказы не вошли ни в продажи, ни в отмены.
       *[other] Статусы { $statuses } бот не знает: эти заказы не вошли ни в продажи, ни в отмены.
    } Скажите администратору бота, что они значат, — он добавит их в настройки.
money-top = <b>Больше всего к выплате</b>
money-top-line = { $n }. { $name } — { $payout }, { $units } шт.
money-returned-top = <b>Чаще всего возвращают</b>
money-returned-line = { $n }. { $name } — вернули { $returned } из { $units } шт. ({ $rate } %)
money-abc = ABC по продажам: A — { $a } { $a ->
        [one] товар
        [few] товара
       *[many] товаров
    } (дают 80 % продаж), B — { $b }, C — { $c }.
money-incomplete = ⚠️ Заказов за период слишком много для одного ответа: цифры неполные. Выберите период короче.

money-month-1 = январь
money-month-2 = февраль
money-month-3 = март
money-month-4 = апрель
money-month-5 = май
money-month-6 = июнь
money-month-7 = июль
money-month-8 = август
money-month-9 = сентябрь
money-month-10 = октябрь
money-month-11 = ноябрь
money-month-12 = декабрь
money-weekday-0 = воскресенье
money-weekday-1 = понедельник
money-weekday-2 = вторник
money-weekday-3 = среда
money-weekday-4 = четверг
money-weekday-5 = пятница
money-weekday-6 = суббота

money-statement-title = 🗓 <b>Итоги месяца: { $month } { $year }</b>
money-statement-note = Маркетплейс пришлёт свой отчёт за месяц позже — сверьте его с этими цифрами.

money-alert-returns = ↩️ <b>Много возвратов</b>: «{ $name }» (штрихкод { $barcode }) — за 30 дней вернули { $returned } из { $units } шт., { $rate } % (порог { $threshold } %). Проверьте качество, описание и размеры в карточке.
money-alert-returns-many = ↩️ <b>Много возвратов</b> за 30 дней (порог { $threshold } %):
money-alert-returns-line = • «{ $name }» — вернули { $returned } из { $units } шт., { $rate } %
money-alert-returns-more = … и ещё { $count }
money-alert-loss = 🔻 <b>Продаётся в убыток</b>: «{ $name }» (штрихкод { $barcode }) — за 30 дней убыток { $loss }: к выплате { $payout }, а себестоимость { $cost } за шт. × { $units } шт. (продано минус возвраты). Проверьте цену и себестоимость.
money-alert-loss-many = 🔻 <b>Продаются в убыток</b> за 30 дней: { $count } { $count ->
        [one] товар
        [few] товара
       *[many] товаров
    } (к выплате меньше себестоимости):
money-alert-loss-line = • «{ $name }» — убыток { $loss }
money-alert-cancels = 🚫 <b>Много отмен</b>: за { $days } дн. отменено { $cancelled } из { $lines } { $lines ->
        [one] позиции
       *[other] позиций
    } — { $rate } % (порог { $threshold } %).
money-alert-payout = 📉 <b>Выплата за { $date } ({ $weekday }) — { $payout }</b>: это { $pct } % от обычного для этого дня недели ({ $usual }, по четырём прошлым неделям).
money-alert-silence = 🔕 <b>Новых заказов нет { $duration }</b> (последний — { $since }). Обычно за это время приходит { $expected } { $expected ->
        [one] заказ
        [few] заказа
       *[many] заказов
    }. Проверьте, видны ли товары на витрине и есть ли остатки.
settings-kind-money = Деньги: возвраты, отмены, выплаты, убытки
settings-kind-statement = Итоги месяца
