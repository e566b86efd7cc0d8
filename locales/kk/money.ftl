# Money: /money, its periods and answer; the money alerts and the month's statement.
cmd-money = Ақша: сатылым, төлем, қайтарым
help-money = дүкен кезеңде қанша тапты: сатылым, комиссия, төлем, қайтарымдар, үздік тауарлар
cmd-today = Бүгінгі сатылым
help-today = бүгінгі сатылым, төлем және қайтарымдар («Бүгін» батырмасы да солай)

money-choose = 💰 <b>Ақша</b>. Қай кезеңді есептейін?
money-today = Бүгін
money-week = 7 күн
money-month = Осы ай
money-last-month = Өткен ай
money-typed = Өз күндерім
money-ask-dates =
    Күнді жазыңыз, мысалы <code>14.11.2026</code>, немесе кезеңді: <code>01.11.2026–14.11.2026</code>.
    Күндер { $zone } уақытымен есептеледі, кезеңнің екі шеті де кіреді. /cancel — бас тарту.
money-dates-unreadable = «{ $text }» оқылмады. Күнді <code>14.11.2026</code> түрінде немесе кезеңді <code>01.11.2026–14.11.2026</code> түрінде жазыңыз.
money-dates-reversed = Кезеңнің басы ({ $from }) соңынан ({ $to }) кейін тұр. Алдымен ертерек күнді жазыңыз, мысалы <code>{ $to }–{ $from }</code>.
money-future = Бұл кезең әлі басталған жоқ — онда тапсырыс жоқ. Басқасын таңдаңыз.
money-busy = Бұл чат үшін ақшаны есептеп жатырмын. Жауапты күтіп, қайта көріңіз.
money-started = 💰 { $period } кезеңінің ақшасын есептеп жатырмын…
money-progress =
    💰 { $period } кезеңінің ақшасын есептеп жатырмын…
    Оқылған тапсырыс беттері: { $pages }, позициялар: { $lines }{ $day ->
        [none] {""}
       *[other] , { $day } күніне жеттім
    }.
money-stopped =
    Есептеу мүмкін болмады: { $reason }
    Қайта көріңіз — /money.

money-period-until = { $days } ({ $time } дейін)
money-change-up = ▲ { $pct } %
money-change-down = ▼ { $pct } %
money-change-same = = 0 %
money-change-new = жаңа
money-title = 💰 <b>{ $period } кезеңінің ақшасы</b>
money-previous = <i>Жақшада — дәл сондай ұзақтықтағы өткен кезең, { $period }.</i>
money-orders = Тапсырыстар: { $orders } { $change } (бұрын { $before }) — { $lines } позиция, { $units } дана
money-sales = Сатылым: { $now } { $change } (бұрын { $before })
money-commission = Комиссия: { $now } { $change } (бұрын { $before })
money-payout = Төленеді: <b>{ $now }</b> { $change } (бұрын { $before })
money-check = Тапсырыстың орташа чегі: { $now } { $change } (бұрын { $before })
money-returns = Қайтарымдар: { $units } дана, { $value } — сатылғанның { $rate } %-ы (бұрын { $before } %)
money-profit = Пайда: <b>{ $profit }</b> — өзіндік құны бар { $lines } позиция бойынша (төленетіні − өзіндік құн × (сатылғаны − қайтарылғаны))
money-profit-missing = Өзіндік құны жоқ: { $lines } сатылған позиция ({ $products } тауар) — пайдаға кірмеді. Өзіндік құнды каталогты шығарғанда көрсетуге болады (/export).
money-profit-none = Пайда есептелмеді: сатылған тауарлардың бірде-біреуінде өзіндік құн жоқ. Оны каталогты шығарғанда (/export) көрсетіңіз немесе «Штрихкод» және «Өзіндік құны» бағандары бар файл жіберіңіз.
money-no-orders = Бұл кезеңде тапсырыс жоқ.
money-statuses = <b>Мәртебелер бойынша</b>
money-status = { $status }: { $lines } позиция, { $units } дана, { $sales }, комиссия { $commission }, төленеді { $payout }
money-status-cancelled = { $status } — сатылым емес: { $lines } позиция, { $units } дана, { $sales }, комиссия { $commission }, төленеді { $payout }
money-status-unknown = ⚠️ { $status } — сатылымға кірмеді: { $lines } позиция, { $units } дана, { $sales }, комиссия { $commission }, төленеді { $payout }
money-statuses-more = … және позициясы азырақ тағы { $count } мәртебе
money-unknown = ⚠️ { $count ->
        [one] { $statuses } мәртебесін бот білмейді:
       *[other] { $statuses } мәртебелерін бот білмейді:
    } бұл тапсырыстар сатылымға да, бас тартуларға да кірмеді. Олардың мағынасын бот әкімшісіне айтыңыз — ол баптауларға қосады.
money-top = <b>Ең көп төленетін</b>
money-top-line = { $n }. { $name } — { $payout }, { $units } дана
money-returned-top = <b>Жиі қайтарылатын</b>
money-returned-line = { $n }. { $name } — { $units } дананың { $returned } данасы қайтарылды ({ $rate } %)
money-abc = Сатылым бойынша ABC: A — { $a } тауар (сатылымның 80 %-ы), B — { $b }, C — { $c }.
money-incomplete = ⚠️ Кезеңде тапсырыс бір жауапқа тым көп: сандар толық емес. Қысқарақ кезең таңдаңыз.

money-month-1 = қаңтар
money-month-2 = ақпан
money-month-3 = наурыз
money-month-4 = сәуір
money-month-5 = мамыр
money-month-6 = маусым
money-month-7 = шілде
money-month-8 = тамыз
money-month-9 = қыркүйек
money-month-10 = қазан
money-month-11 = қараша
money-month-12 = желтоқсан
money-weekday-0 = жексенбі
money-weekday-1 = дүйсенбі
money-weekday-2 = сейсенбі
money-weekday-3 = сәрсенбі
money-weekday-4 = бейсенбі
money-weekday-5 = жұма
money-weekday-6 = сенбі

money-statement-title = 🗓 <b>Ай қорытындысы: { $year } жыл, { $month }</b>
money-statement-note = Маркетплейс ай бойынша өз есебін кейінірек жібереді — оны осы сандармен салыстырыңыз.

money-alert-returns = ↩️ <b>Қайтарым көп</b>: «{ $name }» (штрихкод { $barcode }) — 30 күнде { $units } дананың { $returned } данасы қайтарылды, { $rate } % (шек { $threshold } %). Тауардың сапасын, сипаттамасын және өлшемдерін тексеріңіз.
money-alert-returns-many = ↩️ <b>Қайтарым көп</b>, 30 күнде (шек { $threshold } %):
money-alert-returns-line = • «{ $name }» — { $units } дананың { $returned } данасы қайтарылды, { $rate } %
money-alert-returns-more = … және тағы { $count }
money-alert-loss = 🔻 <b>Шығынмен сатылып жатыр</b>: «{ $name }» (штрихкод { $barcode }) — 30 күнде шығын { $loss }: төленетіні { $payout }, ал өзіндік құны бір данаға { $cost } × { $units } дана (сатылғаны минус қайтарылғаны). Баға мен өзіндік құнды тексеріңіз.
money-alert-loss-many = 🔻 <b>Шығынмен сатылып жатыр</b>, 30 күнде: { $count } тауар (төленетіні өзіндік құннан аз):
money-alert-loss-line = • «{ $name }» — шығын { $loss }
money-alert-cancels = 🚫 <b>Бас тарту көп</b>: { $days } күнде { $lines } позицияның { $cancelled } позициясынан бас тартылды — { $rate } % (шек { $threshold } %).
money-alert-payout = 📉 <b>{ $date } ({ $weekday }) төлемі — { $payout }</b>: бұл аптаның осы күніне әдеттегінің { $pct } %-ы ({ $usual }, өткен төрт апта бойынша).
money-alert-silence = 🔕 <b>Жаңа тапсырыс { $duration } бойы жоқ</b> (соңғысы — { $since }). Әдетте осы уақытта { $expected } тапсырыс келеді. Тауарлар витринада көріне ме, қалдық бар ма — тексеріңіз.
settings-kind-money = Ақша: қайтарым, бас тарту, төлем, шығын
settings-kind-statement = Ай қорытындысы
