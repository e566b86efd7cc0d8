# The catalog in Excel: /export, the returned file's preview, apply, undo, one price from the card.

cmd-export = Каталогты Excel-ге шығару
help-export = каталог Excel-де: бағаларды, атауларды, фотоларды өзгертіп, файлды қайта жіберіңіз; кезеңдегі тапсырыстар Excel-де

## /export: what to export
catalog-export-menu = <b>Excel-ге шығару</b>
    Нені шығаратыныңызды таңдаңыз. Файлды Excel, LibreOffice не Google Кестелерде өзгертіп, қайта жіберуге болады — не өзгеретінін көрсетемін де, тек соны қолданамын.
catalog-export-all = 📦 Бүкіл каталог (.xlsx)
catalog-export-all-csv = 📄 Бүкіл каталог (CSV)
catalog-export-search = 🔎 Ағымдағы іздеу: «{ $search }»
catalog-export-category = 🗂 { $category }
catalog-export-one-category = 🗂 Бір санат
catalog-export-choose-category = Қай санатты шығарамыз? (жақшада — тауарлар саны)
catalog-export-category-hint = Бір санатты шығару үшін санат ID-імен <code>/export { $example }</code> жіберіңіз (/categories қараңыз). Іздеу: <code>/export іздеу мәтіні</code>.
catalog-export-reading = 📥 Каталогты оқып жатырмын: { $total } тауардың { $done }…
catalog-export-writing = 📝 Файлды жазып жатырмын…
catalog-export-done = ✅ Шығарылған тауарлар: { $products }, SKU жолдары: { $skus }.
catalog-export-codes-unknown = ⚠️ { $count } тауардың сипаттамаларын кодпен жазу мүмкін болмады (анықтамалық мәндердің кодын бермейді): ондай жолдар белгіленген. Олардың өзгерістерін файлда сипаттама кодтары көрсетілгенде ғана жіберемін.
catalog-export-empty = Бұл таңдау бойынша тауар жоқ.
catalog-export-list = 📤 Excel-ге шығару
catalog-export-caption = Импорт пішіміндегі каталог. Баға, атау, сипаттама, штрихкод, фото және сипаттамаларды өзгертіп, файлды қайта жіберіңіз. «Өзіндік құны, ₸» бағанында өзіндік құнды көрсетуге болады — ол пайданы есептеу үшін ботта қалады.

## The export file
catalog-sheet-products = Тауарлар
catalog-sheet-help = Нұсқаулық
catalog-col-stock = қалдық
catalog-col-sales = сатылым
catalog-col-status = тауар мәртебесі
catalog-col-moderation = модерация
catalog-col-note = ескертпе
catalog-note-codes-unknown = сипаттама кодтары белгісіз: тауарды өзгерту үшін оларды көрсетіңіз
catalog-help-lines = Каталогты қалай өңдеу керек
    1. Мәндерді «Тауарлар» парағында өзгертіңіз: баға, атау, сипаттама, штрихкод, фото, сипаттама кодтары.
    2. Бос ұяшық мәнді сол күйінде қалдырады. Мәнді тек сатушы кабинетінде тазалауға болады.
    3. Жойылған жол ештеңені жоймайды: тауар жай өзгермейді.
    4. 🔒 құлпы бар бағандар (қалдық, сатылым, мәртебелер) тек оқуға арналған: олардың өзгерістері ескерілмейді.
    5. Жолдар мен бағандарды сұрыптауға және орнын ауыстыруға болады: жолдарды тауар ID-і мен SKU ID-і бойынша, бағандарды тақырыптары бойынша табамын.
    6. Тауар ID-і жоқ жол — әдеттегі импорттағыдай жаңа тауар.
    7. Штрихкод — мәтін: алдындағы нөлдер сақталады. Баға — теңгемен сан.
    8. Файлды осы чатқа жіберіңіз: не өзгеретінін көрсетемін, сіз растамайынша ештеңе жібермеймін.
    9. Жасырын қызметтік парақты өшірмеңіз: ол арқылы сіздің түзетулеріңізді шығарудан кейін кабинетте жасалған өзгерістерден ажыратамын.
    10. Қазақша сипаттама бағаны бос: сервис қазақша сипаттамаларды көрсетпейді. Бос ұяшық «белгісіз» дегенді білдіреді, «бос» емес; қазақша сипаттама беру үшін оны толтырыңыз.
    11. «Өзіндік құны, ₸» бағаны — бір данаға өзіндік құныңыз: ол тек ботта сақталады (/money-дегі пайда үшін) және кабинетке жіберілмейді. Тазартылған ұяшық өзіндік құнды жояды.

## The preview of a returned file
catalog-preview-reading = 🔎 Файлды ағымдағы карточкалармен салыстырып жатырмын…
catalog-preview-title = <b>«{ $file }» файлы бойынша не өзгереді</b>
catalog-preview-no-snapshot = ⚠️ Файлда шығарудың қызметтік парағы жоқ (CSV немесе жаңа кітапқа көшірме): сіздің түзетулеріңізді шығарудан кейін кабинетте жасалған өзгерістерден ажырата алмаймын. Сондықтан ағымдағы карточкадан әр айырмашылық күмәнді және тек бөлек батырмамен қолданылады.
catalog-preview-unconfirmed-rows = ⚠️ Шығарудың қызметтік парағы { $rows } жолдарды растамайды (парақ өзгертілген немесе файл боттың бұрынғы нұсқасымен шығарылған): оларда сіздің түзетулеріңізді кабинеттегі өзгерістерден ажырату мүмкін емес, айырмашылықтар — күмәнді.
catalog-preview-change = • { $place }{ $name }: { $field }: { $was } → { $will }
catalog-preview-more = … тағы { $count } (барлығы тіркелген файлда)
catalog-preview-risky = <b>⚠️ Тәуекелді өзгерістер: { $count }</b> — тек бөлек батырмамен қолданылады:
catalog-preview-conflicts = <b>⚡ Қайшылықтар: { $count }</b> — мән файлда да, шығарудан кейін кабинетте де өзгерген; тек бөлек батырмамен қолданылады:
catalog-preview-unverified = <b>❓ Күмәнді: { $count }</b> — файлдағы мән кабинеттегі ағымдағы мәннен өзгеше, бірақ бұл кімнің өзгерісі (сіздікі ме, әлде шығарудан кейін кабинеттікі ме) белгісіз; тексеріп, бөлек батырмамен қолданыңыз:
catalog-preview-products = Өзгеретін тауарлар: { $products }, SKU: { $skus }.
catalog-preview-prices = Бағалар: жоғарылайды — { $up }, төмендейді — { $down }.
catalog-preview-count-name = Атаулар: { $count }.
catalog-preview-count-description = Сипаттамалар: { $count }.
catalog-preview-count-barcode = Штрихкодтар: { $count }.
catalog-preview-count-photos = Фото: { $count }.
catalog-preview-count-attributes = Сипаттамалар (кодтар): { $count }.
catalog-preview-count-other = Басқа өрістер: { $count }.
catalog-preview-nothing = Өзгеріс жоқ — жіберетін ештеңе жоқ.
catalog-preview-unchanged = Өзгерісі жоқ жолдар (өткізілді): { $count }.
catalog-preview-kept-live = Сіз өзгертпеген, бірақ шығарудан кейін кабинетте өзгерген ұяшықтар: { $count } — кабинеттегі мән қалады.
catalog-preview-new-skus = Бар тауарлардың жаңа SKU-лары: { $count }.
catalog-preview-gone-products = Енді жоқ тауарлар: { $count } ({ $rows } жолдар) — өткізілді.
catalog-preview-gone-skus = Енді жоқ SKU: { $count } ({ $rows } жолдар) — өткізілді.
catalog-preview-blocked = 🚫 { $product } тауары ({ $rows } жолдар) өзгертілмейді: оның сипаттамаларын кодпен жазу мүмкін емес. Сипаттама бағандарында кодтарды көрсетіп, файлды қайта жіберіңіз.
catalog-preview-blocked-more = 🚫 Сол себеппен өзгертілмейтін тағы тауарлар: { $count }.
catalog-preview-unreadable = 🚫 Жіберілмейтін ұяшықтар ({ $count }) — оларды түзетіп, файлды қайта жіберіңіз:
catalog-preview-unreadable-line = • { $row } жол · { $field }: { $reason }
catalog-preview-unreadable-more = …тағы { $count }.
catalog-preview-empty-keeps = Бос ұяшық мәнді сақтайды; мәнді сатушы кабинетінде тазалауға болады.
catalog-preview-new-products = Тауар ID-і жоқ жолдар — жаңа тауарлар: олар бөлек импортталады, ұсыныс төменде.
catalog-preview-new-products-invalid = Тауар ID-і жоқ жолдар — жаңа тауарлар: олардың ешқайсысы тексеруден өтпеді, себептері төменде.
catalog-preview-file-caption = Барлық өзгерістер: тауар, SKU, өріс, болған, болады.
catalog-risk-price-cut = баға екі еседен астам төмендеді
catalog-risk-price-up = баға екі еседен астам өсті
catalog-risk-barcode = штрихкод өзгерді
catalog-risk-duplicate = бір жол файлда екі рет әртүрлі мәнмен
catalog-diff-sheet = Өзгерістер
catalog-diff-product = Тауар
catalog-diff-name = Атауы
catalog-diff-field = Өріс
catalog-diff-was = Болған
catalog-diff-will = Болады
catalog-diff-rows = Жолдар
catalog-diff-note = Ескертпе
catalog-diff-conflict = қайшылық: кабинетте де өзгерген
catalog-diff-unverified = күмәнді: өзгеріс сіздікі ме, кабинеттікі ме, белгісіз

## Buttons and the apply
catalog-button-apply = ✅ Қолдану ({ $count })
catalog-button-apply-risky = ⚠️ Тәуекелділермен бірге қолдану ({ $count })
catalog-button-apply-conflicts = ⚡ Қайшылықтармен бірге қолдану ({ $count })
catalog-button-apply-unverified = ❓ Күмәнділермен бірге қолдану ({ $count })
catalog-button-apply-everything = ‼️ Барлығын қолдану ({ $count })
catalog-button-cancel = ✖️ Бас тарту
catalog-button-undo = ↩️ Өзгерістерді болдырмау
catalog-cancelled = Ештеңе жіберілмеді.
catalog-preview-expired = Бұл алдын ала қарау ескірген немесе қолданылып қойған. Файлды қайта жіберіңіз.
catalog-applying = ⏳ Карточкаларды қайта оқып, өзгерістерді жіберіп жатырмын…
catalog-applied = 📤 Тауарларды жіберіп жатырмын: { $count } (әрқайсысы толық, сіздің өзгерістеріңізбен). Сервис оларды өңдегенде, қорытындыны «Өзгерістерді болдырмау» батырмасымен жіберемін — ол 24 сағат жұмыс істейді.
catalog-apply-retry = Ештеңе жіберілмеді, алдын ала қарау күшінде: «Қолдану» батырмасын қайта басыңыз.
catalog-stopping = ⏸ Бот қайта іске қосылып жатыр, сондықтан ештеңе жіберілмеді. Бір минуттан кейін батырманы қайта басыңыз.
catalog-applied-nothing = Жіберетін ештеңе жоқ: таңдалған өзгерістердің ешқайсысы күшінде қалмады.
catalog-moved-since = ⚡ Карточкалар алдын ала қараудан кейін өзгерді, қайта жазылмады: { $products }. Каталогты қайта шығарыңыз.
catalog-not-sent = 🚫 Жіберілмеді (толық жазу мүмкін емес): { $products }.

## Undo
catalog-undo-name = Өзгерістерді болдырмау
catalog-undo-expired = Енді болдырмау мүмкін емес: 24 сағаттан астам өтті немесе болдырмау орындалып қойған.
catalog-undo-summary = <b>Өзгерістерді болдырмау</b>
    Бұрынғы мәндерді қайтарып жатырмын: { $restored }.
    Содан кейін өзгертілген, сол күйінде қалдырылды: { $kept }.
    Сервис тауарларды өңдегенде, қорытындыны (қателер болса, оларды да) жіберемін.
catalog-undo-kept-list = Қалдырылды: { $products }.
catalog-undo-retry = Ештеңе жіберілмеді: «↩️ Өзгерістерді болдырмау» батырмасын қайта басыңыз.

## One price from the product card
catalog-price-button = 💰 Бағаны өзгерту
catalog-price-choose-sku = Бағасын өзгертетін SKU-ды таңдаңыз:
catalog-price-sku = { $variant } — { $price }
catalog-price-sku-unnamed = { $n }-нұсқа — { $price }
catalog-price-ask = SKU { $sku } үшін жаңа баға (қазір { $price })? Сан жіберіңіз, мысалы <code>12 990</code> немесе <code>1990,50</code>. /cancel — бас тарту.
catalog-price-bad = ❌ «{ $value }» бағасын түсінбедім. Нөлден үлкен сан жіберіңіз, мысалы <code>12 990</code>.
catalog-price-confirm = SKU { $sku } бағасы: { $was } → { $will }. Қолданамыз ба?
catalog-price-risky = ⚠️ Тәуекелді өзгеріс: { $reason }. Бөлек батырмамен растаңыз.
catalog-price-same = Баға онсыз да осындай — өзгертетін ештеңе жоқ.
catalog-price-blocked = 🚫 Бұл тауардың бағасын боттан өзгерту мүмкін емес: маркетплейс анықтамалығы оның сипаттамаларының кодтарын бермейді, ал оларсыз маркетплейс карточканы қабылдамайды (ол карточканы тек толығымен, сипаттамаларымен бірге сақтайды).
    Не істеу керек: бағаны сатушы кабинетінде өзгертіңіз — немесе тауарды Excel-ге шығарып (/export), оның жолдарына сипаттама кодтарын жазыңыз (тізімі — /attributes) және файлды қайта жіберіңіз.
catalog-price-gone = Бұл тауар немесе SKU енді жоқ.

## Cost prices (kept by the bot, never sent to the marketplace)
catalog-col-barcode = Штрихкод
catalog-col-cost = Өзіндік құны, ₸
catalog-preview-costs = <b>💰 Өзіндік құны: { $count } SKU</b> — тек ботта сақталады, сатушы кабинетіне жіберілмейді. Жаңа: { $added }, өзгерген: { $changed }, жойылған: { $removed }. Тазартылған өзіндік құн ұяшығы оны жояды.
catalog-preview-cost-line = • штрихкод { $barcode }{ $name }: { $was } → { $will }
catalog-preview-cost-none = жоқ
catalog-preview-cards-nothing = Карточкалар өзгермейді — кабинетке ештеңе жіберілмейді.
catalog-costs-title = <b>«{ $file }» файлы бойынша өзіндік құн</b>
catalog-costs-nothing = Өзіндік құн өзгермейді: файлда сақталған сомалар.
catalog-costs-empty-removes = Өзіндік құнның бос ұяшығы осы штрихкодтың өзіндік құнын жояды. Сатушы кабинетіне ештеңе жіберілмейді.
catalog-costs-reading = 🔎 Бұл өзіндік құн тізімі: штрихкодтарды каталогпен салыстырып жатырмын…
catalog-costs-kept = 💰 Өзіндік құн ботта сақталды: { $count } SKU (кабинетке жіберілмейді).
catalog-costs-undo-hint = 24 сағат ішінде болдырмауға болады.
catalog-costs-undone = 💰 Өзіндік құн: { $restored } SKU-ға бұрынғысы қайтарылды, { $kept } SKU-да содан кейін өзгертілген, сол күйінде қалдырылды.
catalog-diff-cost-note = { $barcode } штрихкодының өзіндік құны: ботта сақталады, кабинетке жіберілмейді
