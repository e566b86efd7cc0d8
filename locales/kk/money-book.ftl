# The money workbook: the button under /money's answer, its progress, the file and its sheets.
money-book-button = 📊 Excel: қорытынды, ABC тауарлар, барлық позиция
money-book-started = 📊 { $period } кезеңінің Excel файлын дайындап жатырмын…
money-book-progress =
    📊 { $period } кезеңінің Excel файлын дайындап жатырмын…
    Оқылған тапсырыс беттері: { $pages }, позициялар: { $lines }{ $day ->
        [none] {""}
       *[other] , { $day } күніне жеттім
    }.
money-book-empty = { $period } кезеңінде тапсырыс жоқ — файл керек емес.
money-book-stopped =
    { $period } кезеңінің Excel файлы дайын емес: { $reason }
    Батырманы қайта басыңыз.
money-book-caption =
    📊 { $period } кезеңінің ақшасы: { $lines } позиция
    Барлық позиция сомасы: { $total } · төленеді: { $payout }
    Парақтар: қорытынды, ABC тауарлар, барлық позиция. Уақыт: { $zone }
money-book-file = Ақша

money-book-sheet-summary = Қорытынды
money-book-sheet-products = Тауарлар
money-book-title = { $period } кезеңінің ақшасы
money-book-zone = Кезең күндері мен тапсырыс уақыты — { $zone } бойынша.
money-book-made = Жасалған уақыты ({ $zone })
money-book-figure = Көрсеткіш
money-book-value = Мәні
money-book-orders = Сатылған позициясы бар тапсырыстар
money-book-sold-lines = Сатылған позициялар
money-book-sold-units = Сатылды, дана
money-book-sales = Сатылым, ₸
money-book-commission = Комиссия, ₸
money-book-payout = Төленеді, ₸
money-book-check = Тапсырыстың орташа чегі, ₸
money-book-returned = Қайтарылды, дана
money-book-returns-value = Қайтарым сомасы, ₸
money-book-return-rate = Қайтарылған дана үлесі
money-book-profit = Пайда, ₸ (өзіндік құны белгілі тауарлар)
money-book-no-cost = Өзіндік құны жоқ сатылған позициялар
money-book-abc-A = A класындағы тауарлар
money-book-abc-B = B класындағы тауарлар
money-book-abc-C = C класындағы тауарлар
money-book-meaning-sale = сатылым
money-book-meaning-returned = сатылым, қайтарылды
money-book-meaning-cancelled = бас тарту — сатылым емес
money-book-meaning-unknown = ботқа белгісіз күй — сатылымға кірмейді
money-book-sold = Сатылды (бас тартуларсыз және белгісіз күйлерсіз)
money-book-cancelled = Бас тартылғандар, барлығы
money-book-all = Барлық позиция (тапсырыстарды жүктеудің қорытындысындай)
money-book-total = Барлығы
money-book-note-sold = Сатылым — бас тартулар мен бот білмейтін күйлерден басқа барлық күйдегі позициялар. Қайтарылған дана күйіне қарамастан «Қайтарылғаны» өрісі бойынша саналады.
money-book-note-abc = Сатылым бойынша ABC: тауарлар сатылымның кемуі бойынша; A — жинақталған үлес 80 %-ға жететін тауарға дейін (қоса алғанда), B — 95 %-ға дейін, қалғаны — C. Бас тартулар есепке алынбайды.
money-book-note-profit = Пайда = төленетіні − бір дананың өзіндік құны × (сатылғаны − қайтарылғаны), өзіндік құны белгілі тауарлар бойынша.
