# Alerts: new orders, stock, the Seller API's health, the daily digest.
alert-order =
    🛒 <b>Жаңа тапсырыс № { $number }</b>
    { $product } × { $quantity }
    Бағасы: { $price } · сомасы: { $total }
    Төленетіні: { $payout }
    Күйі: { $status } · құрылған уақыты { $created }
alert-order-button = Тапсырыс туралы толығырақ
alert-orders-many = 🛒 <b>Жаңа тапсырыстар: { $count }</b>, сомасы { $total }
alert-orders-line = • № { $number } — { $product } × { $quantity }, { $total }
alert-orders-more = … және тағы { $count }. Барлық тапсырыстар — төмендегі батырма немесе /orders.
alert-orders-button = Тапсырыстарды ашу
alert-away = ⏸ Бот { $duration } жұмыс істемеді ({ $since } бастап). Осы уақытта келген жаңа тапсырыстар: { $count }, сомасы { $total } — олар төменде.
alert-duration-days = { $days } күн { $hours } сағ
alert-duration-hours = { $hours } сағ { $minutes } мин
alert-duration-minutes = { $minutes } мин
alert-stock-low =
    📦 <b>Қалдық азайды</b>: { $name } (ID <code>{ $id }</code>)
    Қоймада { $stock } дана — бұл { $threshold } шегінен аспайды. Сатылымды жоғалтпау үшін қойманы толтырыңыз.
alert-stock-soon =
    📦 <b>Жақында таусылады</b>: { $name } (ID <code>{ $id }</code>)
    Қоймада { $stock } дана, қазіргі сату қарқынымен бұл ≈ { $days } күнге жетеді. Қойманы алдын ала толтырыңыз.
alert-days-left = Қазіргі сату қарқынымен бұл ≈ { $days } күнге жетеді.
alert-stocks-many = 📦 <b>Қалдығы азайған тауарлар: { $count }</b>. Қойманы толтырыңыз:
alert-stocks-line = • { $name } (ID <code>{ $id }</code>) — { $stock } дана
alert-stocks-more = … және тағы { $count }. Әр тауардың қалдығы — /products ішінде.
alert-product-button = Тауар карточкасы
alert-stock-card-button = 🛍 { $name }
alert-stock-export-button = 📥 { $count ->
        [one] Бұл тауар Excel-ге
       *[other] Бұл тауарлар Excel-ге
    }
alert-health-down = ⚠️ Сатушы сервисі { $since } бастап жауап бермей тұр. Тапсырыстар мен қалдықтар туралы хабарландырулар кешігеді — байланыс қалпына келгенде бот оларды жібереді.
alert-health-up = ✅ Сатушы сервисімен байланыс қалпына келді: хабарландырулар қайта келеді, өткізіп алған тапсырыстар артынан келеді.
alerts-order-gone = Бұл тапсырыс табылмады. /orders ашыңыз.
alerts-subscribed = 🔔 Хабарландырулар қосылды: жаңа тапсырыстар, қалдықтар және күн қорытындысы осында келеді. Баптау — /settings.
alerts-already = Бұл чатта хабарландырулар қосулы. Баптау — /settings, өшіру — /unsubscribe.
alerts-unsubscribed = 🔕 Бұл чатқа хабарландырулар енді келмейді. Қайта қосу — /subscribe.
alerts-group-subscribed = 🔔 Тапсырыстар мен қалдықтар туралы хабарландырулар және күн қорытындысы осында келеді. Баптау — /settings, өшіру — /unsubscribe.
alerts-group-already = Хабарландырулар мұнда келіп тұр. Баптау — /settings, өшіру — /unsubscribe.
alerts-group-not-linked = Топқа хабарландыруларды кабинеті байланыстырылған сатушы ғана қоса алады. @{ $bot } ботымен жеке чатта кабинетті байланыстырып, мұнда /subscribe командасын қайта жіберіңіз.
alerts-group-not-admin = Топқа хабарландыруларды тек оның әкімшісі қоса алады. Топ әкімшісінен /subscribe жіберуін сұраңыз.
alerts-group-off = Бұл топта хабарландырулар өшірулі. Оларды кабинеті байланыстырылған топ әкімшісі /subscribe командасымен қайта қоса алады.
alerts-group-orders-private = Тапсырыстарды парақтау — @{ $bot } ботымен жеке чатта.

digest-title = 📊 <b>Күн қорытындысы, { $date }</b>
digest-orders = Тапсырыстар: <b>{ $count }</b> (кешемен салыстырғанда { $vsDay }, өткен аптамен { $vsWeek })
digest-revenue = Түсім: <b>{ $sum }</b> (кешемен салыстырғанда { $vsDay }, өткен аптамен { $vsWeek })
digest-payout = Төленетіні: { $sum }
digest-before = Кеше: { $yesterday } · бір апта бұрын: { $weekAgo }
digest-change = { $sign }{ $pct } %
digest-change-new = жаңа
digest-top = <b>Күннің үздік тауарлары</b>
digest-top-line = • { $name } — { $quantity } дана, { $sum }
digest-low = <b>Таусылып барады</b>
digest-low-line = • { $name } — { $stock } дана
digest-imports = Бүгінгі импорттар: { $files } · сәтті тауарлар: { $succeeded } · қателері барлар: { $failed } (толығырақ — /jobs)
digest-chart-title = Соңғы 14 күндегі тапсырыстар мен түсім
digest-chart-orders = Тапсырыстар, дана
digest-chart-revenue = Түсім, ₸

threshold-menu = <code>{ $id }</code> тауарының қалдығы туралы ескерту шегі: қазір { $current }. Қанша дана қалғанда ескерту керегін таңдаңыз:
threshold-default = /settings бойынша
threshold-default-button = /settings бойынша
threshold-saved = Дайын: <code>{ $id }</code> тауарының қоймада { $count } дана немесе одан аз қалғанда бот ескертеді.
threshold-saved-default = Дайын: <code>{ $id }</code> тауарына /settings ішіндегі шек қолданылады.
alert-auth-down = ⚠️ <b>Боттың маркетплейспен байланысы назар аударуды қажет етеді</b>: { $since } бастап маркетплейс ботқа кіруге рұқсат бермейді (қатарынан { $polls } тексеру). Рұқсат жаңартылмайынша тапсырыстар, қалдықтар мен ақша туралы хабарландырулар келмейді. Мұны ботты баптаған адамға жеткізіңіз: сатушы кабинетінен жаңа кіру кілті керек. Бот байланысты { $interval } сайын тексереді.
alert-auth-up = ✅ Боттың маркетплейске кіру рұқсаты қайта жұмыс істейді (бас тартулар { $since } бастап болды). Хабарландырулар әдеттегідей келеді.
