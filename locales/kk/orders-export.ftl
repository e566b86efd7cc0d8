# Orders to Excel: the button on /orders, the period menu, typed dates, progress, the file.
orders-export-menu-entry = 🧾 Кезеңдегі тапсырыстар (.xlsx)
orders-export-button = Excel-ге жүктеу
orders-export-choose = <b>Тапсырыстар Excel-ге</b>. Қай кезеңді жүктейміз?
orders-export-today = Бүгін
orders-export-days-7 = 7 күн
orders-export-days-30 = 30 күн
orders-export-typed = Өз күндерім
orders-export-ask-dates =
    Күнді жазыңыз, мысалы <code>14.11.2026</code>, немесе кезеңді: <code>01.11.2026–14.11.2026</code>.
    Күндер { $zone } уақытымен саналады, кезеңнің екі шеті де кіреді. /cancel — бас тарту.
orders-export-dates-unreadable = «{ $text }» оқылмады. Күнді <code>14.11.2026</code> түрінде немесе кезеңді <code>01.11.2026–14.11.2026</code> түрінде жазыңыз.
orders-export-dates-reversed = Кезеңнің басы ({ $from }) соңынан ({ $to }) кейін тұр. Алдымен ертерек күнді жазыңыз, мысалы <code>{ $to }–{ $from }</code>.
orders-export-busy = Тапсырыстарды жүктеу жүріп жатыр. Файлды күтіп, қайта көріңіз.
orders-export-started = { $period } аралығындағы тапсырыстарды жүктеп жатырмын…
orders-export-progress =
    { $period } аралығындағы тапсырыстарды жүктеп жатырмын…
    Оқылған беттер: { $pages }, кезеңдегі тапсырыстар: { $count }.
orders-export-empty = { $period } аралығында тапсырыс жоқ — файл қажет емес. /orders ішінде басқа кезеңді таңдаңыз.
orders-export-done = Дайын: { $period } аралығындағы тапсырыстар, жолдар: { $count }. Файл төменде.
orders-export-stopped =
    Жүктеу тоқтатылды, файл жіберілмеді.
    { $reason }
orders-export-caption =
    { $period } аралығындағы тапсырыстар · жолдар: { $count }
    Сомасы: { $total } · комиссия: { $commission } · сізге төленеді: { $payout }
    Уақыт: { $zone }
orders-export-sheet = Тапсырыстар
orders-export-totals = Барлығы
