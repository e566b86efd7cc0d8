# Orders to Excel: the button on /orders, the period menu, typed dates, progress, the file.
orders-export-menu-entry = 🧾 Заказы за период (.xlsx)
orders-export-button = Выгрузить в Excel
orders-export-choose = <b>Заказы в Excel</b>. За какой период выгрузить?
orders-export-today = Сегодня
orders-export-days-7 = 7 дней
orders-export-days-30 = 30 дней
orders-export-typed = Свои даты
orders-export-ask-dates =
    Напишите дату, например <code>14.11.2026</code>, или период: <code>01.11.2026–14.11.2026</code>.
    Дни считаются по времени { $zone }, оба конца периода включены. /cancel — отменить.
orders-export-dates-unreadable = Не получилось прочитать «{ $text }». Напишите дату как <code>14.11.2026</code> или период как <code>01.11.2026–14.11.2026</code>.
orders-export-dates-reversed = Начало периода ({ $from }) позже его конца ({ $to }). Напишите сначала раннюю дату, например <code>{ $to }–{ $from }</code>.
orders-export-busy = Выгрузка заказов уже идёт. Дождитесь файла и попробуйте снова.
orders-export-started = Выгружаю заказы за { $period }…
orders-export-progress =
    Выгружаю заказы за { $period }…
    Прочитано страниц: { $pages }, заказов за период: { $count }.
orders-export-empty = За { $period } заказов нет — файл не нужен. Выберите другой период в /orders.
orders-export-done = Готово: заказы за { $period }, строк: { $count }. Файл ниже.
orders-export-stopped =
    Выгрузка остановлена, файл не отправлен.
    { $reason }
orders-export-caption =
    Заказы за { $period } · строк: { $count }
    Сумма: { $total } · комиссия: { $commission } · к выплате: { $payout }
    Время: { $zone }
orders-export-sheet = Заказы
orders-export-totals = Итого
