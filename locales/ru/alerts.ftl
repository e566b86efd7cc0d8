# Alerts: new orders, stock, the Seller API's health, the daily digest.
alert-order =
    🛒 <b>Новый заказ № { $number }</b>
    { $product } × { $quantity }
    Цена: { $price } · сумма: { $total }
    К выплате: { $payout }
    Статус: { $status } · создан { $created }
alert-order-button = Подробнее о заказе
alert-orders-many = 🛒 <b>Новых заказов: { $count }</b> на { $total }
alert-orders-line = • № { $number } — { $product } × { $quantity }, { $total }
alert-orders-more = … и ещё { $count }. Все заказы — кнопка ниже или /orders.
alert-orders-button = Открыть заказы
alert-away = ⏸ Бот не работал { $duration } (с { $since }). За это время пришло новых заказов: { $count } на { $total } — они ниже.
alert-duration-days = { $days } дн. { $hours } ч
alert-duration-hours = { $hours } ч { $minutes } мин
alert-duration-minutes = { $minutes } мин
alert-stock-low =
    📦 <b>Остаток на исходе</b>: { $name } (ID <code>{ $id }</code>)
    На складе { $stock } шт. — это не больше порога { $threshold }. Пополните склад, чтобы не потерять продажи.
alert-stock-soon =
    📦 <b>Скоро закончится</b>: { $name } (ID <code>{ $id }</code>)
    На складе { $stock } шт., это ≈ { $days } дн. при нынешнем темпе продаж. Пополните склад заранее.
alert-days-left = При нынешнем темпе продаж этого хватит ≈ на { $days } дн.
alert-stocks-many = 📦 <b>Остатки на исходе: { $count } { $count ->
        [one] товар
        [few] товара
       *[many] товаров
    }</b>. Пополните склад:
alert-stocks-line = • { $name } (ID <code>{ $id }</code>) — { $stock } шт.
alert-stocks-more = … и ещё { $count }. Остатки каждого товара — в /products.
alert-product-button = Карточка товара
alert-stock-card-button = 🛍 { $name }
alert-stock-export-button = 📥 { $count ->
        [one] Этот товар в Excel
       *[other] Эти товары в Excel
    }
alert-health-down = ⚠️ Сервис продавца не отвечает с { $since }. Уведомления о заказах и остатках задерживаются — бот пришлёт их, как только связь восстановится.
alert-health-up = ✅ Связь с сервисом продавца восстановлена: уведомления снова приходят, пропущенные заказы придут следом.
alerts-order-gone = Этот заказ не нашёлся. Откройте /orders.
alerts-subscribed = 🔔 Уведомления включены: новые заказы, остатки и сводка за день будут приходить сюда. Настроить — /settings.
alerts-already = Уведомления в этом чате уже включены. Настроить — /settings, отключить — /unsubscribe.
alerts-unsubscribed = 🔕 Уведомления в этот чат больше не приходят. Включить снова — /subscribe.
alerts-group-subscribed = 🔔 Уведомления о заказах и остатках и сводка за день будут приходить сюда. Настроить — /settings, отключить — /unsubscribe.
alerts-group-already = Уведомления сюда уже приходят. Настроить — /settings, отключить — /unsubscribe.
alerts-group-not-linked = Подписать группу может только продавец с привязанным кабинетом. Привяжите кабинет в личном чате с @{ $bot } и отправьте /subscribe здесь ещё раз.
alerts-group-not-admin = Подписать группу может только её администратор. Попросите администратора группы отправить /subscribe.
alerts-group-off = Уведомления в этой группе отключены. Включить их снова может администратор группы с привязанным кабинетом — командой /subscribe.
alerts-group-orders-private = Листать заказы — в личном чате с @{ $bot }.

digest-title = 📊 <b>Итоги дня, { $date }</b>
digest-orders = Заказов: <b>{ $count }</b> (к вчера { $vsDay }, к прошлой неделе { $vsWeek })
digest-revenue = Выручка: <b>{ $sum }</b> (к вчера { $vsDay }, к прошлой неделе { $vsWeek })
digest-payout = К выплате: { $sum }
digest-before = Вчера: { $yesterday } · неделю назад: { $weekAgo }
digest-change = { $sign }{ $pct } %
digest-change-new = новое
digest-top = <b>Лучшие товары дня</b>
digest-top-line = • { $name } — { $quantity } шт., { $sum }
digest-low = <b>Заканчиваются</b>
digest-low-line = • { $name } — { $stock } шт.
digest-imports = Импортов за день: { $files } · успешно товаров: { $succeeded } · с ошибками: { $failed } (подробнее — /jobs)
digest-chart-title = Заказы и выручка за 14 дней
digest-chart-orders = Заказы, шт.
digest-chart-revenue = Выручка, ₸

threshold-menu = Порог оповещения об остатке для товара <code>{ $id }</code>: сейчас { $current }. Выберите, при каком остатке (шт.) предупредить:
threshold-default = как в /settings
threshold-default-button = Как в /settings
threshold-saved = Готово: об остатке товара <code>{ $id }</code> бот предупредит, когда на складе останется { $count } шт. или меньше.
threshold-saved-default = Готово: для товара <code>{ $id }</code> действует порог из /settings.
alert-auth-down = ⚠️ <b>Связь бота с маркетплейсом требует внимания</b>: с { $since } маркетплейс отказывает боту в доступе ({ $polls } { $polls ->
        [one] проверка
        [few] проверки
       *[many] проверок
    } подряд). Пока доступ не обновят, уведомления о заказах, остатках и деньгах не придут. Передайте это тому, кто настраивал бота: нужен новый ключ доступа из кабинета продавца. Бот проверяет связь раз в { $interval }.
alert-auth-up = ✅ Доступ бота к маркетплейсу снова работает (отказы шли с { $since }). Уведомления приходят как обычно.
