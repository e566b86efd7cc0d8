# /orders, and the lines every paged list shares (list-*).
list-search = Іздеу: «{ $search }»
list-more = … және тағы { $count } — хабарламаға сыймады. Іздеуді нақтылаңыз.
list-back = ‹ Тізімге оралу
list-page-gone = Мұндай бет жоқ. Тізімді қайта ашыңыз.
list-outdated = Бұл тізім ескірген. Команданы қайта жіберіңіз.

orders-title = <b>Тапсырыстар</b> · { $pages } беттің { $page }-беті · барлығы { $total }
orders-status-filter = Күйі: { $status }
orders-filter-button = Күйі бойынша сүзу
orders-status-choose = Тапсырыс күйін таңдаңыз:
orders-status-all = Барлық күйлер
orders-no-statuses = Әзірге таңдайтын ештеңе жоқ: сізде әлі тапсырыс жоқ.
orders-empty = Әзірге тапсырыстар жоқ. Сатып алушылар тапсырыс берген бойда олар осында көрінеді.
orders-no-hits = Тапсырыстар табылмады. Іздеу тапсырыс нөмірі, тауар атауы және штрихкод бойынша жүреді — басқаша жазып көріңіз немесе /orders командасын мәтінсіз жіберіңіз.
orders-order-gone = Бұл тапсырыс енді осы бетте жоқ. Тізімді қайта ашыңыз.
orders-item =
    <b>№ { $number }</b> · { $date } · { $status }
    { $product } × { $quantity }
    Сомасы: { $total } · сізге төленеді: { $payout }
order-details =
    <b>Тапсырыс № { $number }</b>
    Күйі: { $status }
    Жасалған уақыты: { $created }
    Қабылданған уақыты: { $received }

    Тауар: { $product }
    Штрихкод: <code>{ $barcode }</code>
    Саны: { $quantity }, қайтарылғаны: { $returned }
    Бағасы: { $price }, жеңілдіксіз бағасы: { $originalPrice }
    Комиссия: { $percent } %, бір данасына { $commission }
    Бір данасы үшін төленетін сома: { $payout }

    Тапсырыс сомасы: { $total }
    Жалпы комиссия: { $totalCommission }
    Барлығы төленетін сома: { $totalPayout }

    Тапсырыс ID: <code>{ $id }</code>
