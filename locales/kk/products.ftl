# /products: the list and a product's card.
products-title = <b>Тауарлар</b> · { $pages } беттің { $page }-беті · барлығы { $total }
products-empty = Әзірге тауарлар жоқ. Оларды сатушы кабинетінде қосыңыз немесе файлдан импорттаңыз — /import.
products-no-hits = Тауарлар табылмады. Атауының бір бөлігін жазып көріңіз немесе /products командасын мәтінсіз жіберіңіз.
products-product-gone = Бұл тауар енді жоқ. Тізімді қайта ашыңыз.
products-item =
    <b>{ $n }.</b> { $name }
    ID <code>{ $id }</code> · { $status } · модерация: { $moderation }
    Қоймада: { $stock } · сатылғаны: { $sales }

product-state-active = белсенді
product-state-inactive = белсенді емес
product-state-archived = мұрағатта
product-state-blocked = бұғатталған
product-state-draft = жоба
product-state-approved = мақұлданған
product-state-on-moderation = модерацияда
product-state-rejected = қабылданбаған

product-card =
    <b>{ $name }</b>
    Тауар ID: <code>{ $id }</code>
    Санаты: { $category }
    Бренді: { $brand }
    ҚҚС: { $vat }
    Қазақстанда өндірілген: { $local }
product-yes = иә
product-no = жоқ
product-unknown = көрсетілмеген
product-attributes = Сипаттамалары: { $attributes }
product-description = <b>Сипаттамасы</b>
product-description-cut = (қысқартылды)
product-skus = <b>SKU: { $count }</b>
product-sku =
    • SKU <code>{ $id }</code> — { $price }
    Штрихкод: <code>{ $barcode }</code> · мәндері: { $values }
product-skus-more = … және тағы SKU: { $count }
product-stock = Қоймада: <b>{ $stock } дана</b> (тауар бойынша, барлық SKU) · сатылғаны: { $sales }
product-days-left = Қазіргі сату қарқынымен ≈ { $days } күнге жетеді.
product-threshold-own = Қалдық туралы ескерту: { $count } дана және одан аз болғанда (осы тауардың шегі)
product-threshold-default = Қалдық туралы ескерту: { $count } дана және одан аз болғанда (/settings бойынша)
product-threshold-button = Ескерту шегін өзгерту
