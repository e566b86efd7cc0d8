# The catalog in Excel: /export, the returned file's preview, apply, undo, one price from the card.

cmd-export = Выгрузить каталог в Excel
help-export = каталог в Excel: измените цены, названия, фото и пришлите файл обратно; заказы за период в Excel

## /export: what to export
catalog-export-menu = <b>Выгрузка в Excel</b>
    Выберите, что выгрузить. Файл можно изменить в Excel, LibreOffice или Google Таблицах и прислать обратно — я покажу, что изменится, и применю только это.
catalog-export-all = 📦 Весь каталог (.xlsx)
catalog-export-all-csv = 📄 Весь каталог (CSV)
catalog-export-search = 🔎 Текущий поиск: «{ $search }»
catalog-export-category = 🗂 { $category }
catalog-export-one-category = 🗂 Одна категория
catalog-export-choose-category = Какую категорию выгрузить? (в скобках — число товаров)
catalog-export-category-hint = Чтобы выгрузить одну категорию, отправьте <code>/export { $example }</code> с ID категории (см. /categories). Поиск: <code>/export поиск текст</code>.
# Before the list's first page says how many products there are.
catalog-export-reading-start = 📥 Читаю каталог…
catalog-export-reading = 📥 Читаю каталог: товаров { $done } из { $total }…
catalog-export-writing = 📝 Записываю файл…
catalog-export-done = ✅ Выгружено товаров: { $products }, строк SKU: { $skus }.
catalog-export-codes-unknown = ⚠️ У { $count } { $count ->
        [one] товара
       *[other] товаров
    } характеристики не удалось записать кодами (справочник не даёт кодов для значений): такие строки помечены. Их правки я отправлю, только если в файле будут указаны коды характеристик.
catalog-export-empty = По этому выбору товаров нет.
catalog-export-list = 📤 Выгрузить в Excel
catalog-export-caption = Каталог в формате импорта. Меняйте цены, названия, описания, штрихкоды, фото и характеристики и пришлите файл обратно. В колонке «Себестоимость, ₸» можно указать себестоимость — она останется в боте для расчёта прибыли.

## The export file
catalog-sheet-products = Товары
catalog-sheet-help = Инструкция
catalog-col-stock = Остаток
catalog-col-sales = Продажи
catalog-col-status = Статус товара
catalog-col-moderation = Модерация
catalog-col-note = Примечание
catalog-note-codes-unknown = коды характеристик неизвестны: укажите их, чтобы изменить товар
catalog-help-lines = Как работать с этим файлом
    Это ваш каталог: одна строка — один вариант товара (SKU). Измените что нужно в листе «Товары» и пришлите файл обратно в этот чат.
    Что можно менять
    • «Цена, ₸» — число в тенге, например 12 990 или 12 990,50.
    • Название и описание — на русском и на казахском.
    • «Штрихкод» — как на упаковке; колонка текстовая, нули в начале сохраняются.
    • «Фото» — ссылки на фото, между ними «|».
    • «Характеристика: …» — значения словами, как в справочнике; несколько — через «;». Можно вписать и код значения.
    • «Значения характеристик SKU» — так же, с названием характеристики: «Цвет: Чёрный»; несколько — через «;».
    • «Произведён в Казахстане» — «да» или «нет»; «НДС, %» — ставка числом.
    • «ID категории» и «ID бренда» — номера из /categories и /brands.
    • «Себестоимость, ₸» — ваша себестоимость за штуку: она хранится только в боте (для прибыли в /money) и в кабинет не отправляется.
    Что не меняется
    • Колонки с замком 🔒 (остаток, продажи, статусы, примечание) — только для чтения: их правки не учитываются.
    • «ID товара» и «ID SKU» — по ним я нахожу товар; не меняйте их.
    Пустые ячейки
    • Пустая ячейка оставляет значение как есть; очистить значение можно только в кабинете продавца.
    • Кроме себестоимости: очищенная ячейка себестоимости удаляет её.
    • Описание на казахском пустое: сервис его не показывает. Впишите текст, чтобы задать его.
    • Удалённая строка ничего не удаляет: товар просто не меняется.
    Новые товары
    • Строка без «ID товара» — новый товар, как при обычном импорте: заполните категорию, бренд, название, описание и цену; характеристики пишите так же, как в выгрузке, или кодами (/attributes).
    • Новый файл можно начать с этой выгрузки: удалите лишние строки и очистите «ID товара» и «ID SKU».
    Как отправить
    • Сохраните файл (.xlsx или CSV) и пришлите его в этот чат: я покажу, что изменится, и ничего не отправлю без вашего подтверждения.
    • Строки и колонки можно сортировать и переставлять: колонки я узнаю по заголовкам на русском или казахском.
    • Не удаляйте скрытый служебный лист: по нему я отличаю ваши правки от изменений, сделанных в кабинете после выгрузки.

## The preview of a returned file
catalog-preview-reading = 🔎 Сравниваю файл с текущими карточками…
catalog-preview-title = <b>Что изменится по файлу «{ $file }»</b>
catalog-preview-no-snapshot = ⚠️ В файле нет служебного листа выгрузки (CSV или копия в новую книгу): я не могу отличить ваши правки от изменений, сделанных в кабинете после выгрузки. Поэтому каждое расхождение с текущей карточкой — под вопросом и применяется только отдельной кнопкой.
catalog-preview-unconfirmed-rows = ⚠️ Служебный лист выгрузки не подтверждает строки { $rows } (лист изменён или файл выгружен прежней версией бота): в них ваши правки не отличить от изменений в кабинете, расхождения — под вопросом.
catalog-preview-change = • { $place }{ $name }: { $field }: { $was } → { $will }
catalog-preview-more = … и ещё { $count } (все — в приложенном файле)
catalog-preview-risky = <b>⚠️ Рискованные изменения: { $count }</b> — применяются только отдельной кнопкой:
catalog-preview-conflicts = <b>⚡ Конфликты: { $count }</b> — значение изменено и в файле, и в кабинете после выгрузки; применяются только отдельной кнопкой:
catalog-preview-unverified = <b>❓ Под вопросом: { $count }</b> — значение в файле отличается от текущего в кабинете, а чьё это изменение (ваше или кабинета после выгрузки), не понять; проверьте и примените отдельной кнопкой:
catalog-preview-products = Изменятся товаров: { $products }, SKU: { $skus }.
catalog-preview-prices = Цены: выше — { $up }, ниже — { $down }.
catalog-preview-count-name = Названия: { $count }.
catalog-preview-count-description = Описания: { $count }.
catalog-preview-count-barcode = Штрихкоды: { $count }.
catalog-preview-count-photos = Фото: { $count }.
catalog-preview-count-attributes = Характеристики: { $count }.
catalog-preview-count-other = Другие поля: { $count }.
catalog-preview-nothing = Изменений нет — отправлять нечего.
catalog-preview-unchanged = Строк без изменений (пропущены): { $count }.
catalog-preview-kept-live = Ячеек, не изменённых вами, но изменённых в кабинете после выгрузки: { $count } — останется значение из кабинета.
catalog-preview-new-skus = Новых SKU у существующих товаров: { $count }.
catalog-preview-gone-products = Товаров больше нет: { $count } (строки { $rows }) — пропущены.
catalog-preview-gone-skus = SKU больше нет: { $count } (строки { $rows }) — пропущены.
catalog-preview-blocked = 🚫 Товар { $product } (строки { $rows }) не будет изменён: его характеристики нельзя записать кодами. Укажите коды в колонках характеристик и пришлите файл снова.
catalog-preview-blocked-more = 🚫 Ещё товаров, которые не будут изменены по той же причине: { $count }.
catalog-preview-unreadable = 🚫 Не будут отправлены ячейки ({ $count }) — исправьте их и пришлите файл снова:
catalog-preview-unreadable-line = • строка { $row } · { $field }: { $reason }
catalog-preview-unreadable-more = …и ещё { $count }.
catalog-preview-empty-keeps = Пустая ячейка оставляет значение; очистить значение можно в кабинете продавца.
catalog-preview-new-products = Строки без ID товара — это новые товары: они импортируются отдельно, предложение ниже.
catalog-preview-new-products-invalid = Строки без ID товара — это новые товары: ни одна из них не прошла проверку, причины ниже.
catalog-preview-file-caption = Все изменения: товар, SKU, поле, было, станет.
catalog-risk-price-cut = цена снижена больше чем вдвое
catalog-risk-price-up = цена поднята больше чем вдвое
catalog-risk-barcode = штрихкод изменён
catalog-risk-duplicate = одна и та же строка в файле дважды с разными значениями
catalog-diff-sheet = Изменения
catalog-diff-product = Товар
catalog-diff-name = Название
catalog-diff-field = Поле
catalog-diff-was = Было
catalog-diff-will = Станет
catalog-diff-rows = Строки
catalog-diff-note = Примечание
catalog-diff-conflict = конфликт: изменено и в кабинете
catalog-diff-unverified = под вопросом: не понять, ваше это изменение или кабинета

## Buttons and the apply
catalog-button-apply = ✅ Применить ({ $count })
catalog-button-apply-risky = ⚠️ Применить и рискованные ({ $count })
catalog-button-apply-conflicts = ⚡ Применить и конфликты ({ $count })
catalog-button-apply-unverified = ❓ Применить и под вопросом ({ $count })
catalog-button-apply-everything = ‼️ Применить всё ({ $count })
catalog-button-cancel = ✖️ Отмена
catalog-button-undo = ↩️ Отменить изменения
catalog-cancelled = Ничего не отправлено.
catalog-preview-expired = Этот предпросмотр устарел или уже применён. Пришлите файл ещё раз.
catalog-applying = ⏳ Перечитываю карточки и отправляю изменения…
catalog-applied = 📤 Отправляю товаров: { $count } (каждый целиком, с вашими изменениями). Когда сервис их обработает, пришлю итоги с кнопкой «Отменить изменения» — она действует 24 часа.
catalog-apply-retry = Ничего не отправлено, предпросмотр в силе: нажмите кнопку «Применить» ещё раз.
catalog-stopping = ⏸ Бот перезапускается, поэтому ничего не отправлено. Нажмите кнопку ещё раз через минуту.
catalog-applied-nothing = Отправлять нечего: ни одно выбранное изменение не осталось в силе.
catalog-moved-since = ⚡ Карточки изменились после предпросмотра и не перезаписаны: { $products }. Выгрузите каталог заново.
catalog-not-sent = 🚫 Не отправлены (нельзя записать целиком): { $products }.

## Undo
catalog-undo-name = Отмена изменений
catalog-undo-expired = Отменить уже нельзя: прошло больше 24 часов или отмена уже выполнена.
catalog-undo-summary = <b>Отмена изменений</b>
    Возвращаю прежние значения: { $restored }.
    Изменены после этого, оставлены как есть: { $kept }.
    Когда сервис обработает товары, пришлю итоги (и ошибки, если будут).
catalog-undo-kept-list = Оставлены: { $products }.
catalog-undo-retry = Ничего не отправлено: нажмите «↩️ Отменить изменения» ещё раз.

## One price from the product card
catalog-price-button = 💰 Изменить цену
catalog-price-choose-sku = Выберите SKU, цену которого изменить:
catalog-price-sku = { $variant } — { $price }
catalog-price-sku-unnamed = Вариант { $n } — { $price }
catalog-price-ask = Новая цена для SKU { $sku } (сейчас { $price })? Отправьте число, например <code>12 990</code> или <code>1990,50</code>. /cancel — отмена.
catalog-price-bad = ❌ Не понял цену «{ $value }». Отправьте число больше нуля, например <code>12 990</code>.
catalog-price-confirm = Цена SKU { $sku }: { $was } → { $will }. Применить?
catalog-price-risky = ⚠️ Рискованное изменение: { $reason }. Подтвердите отдельной кнопкой.
catalog-price-same = Цена уже такая — менять нечего.
catalog-price-blocked = 🚫 Цену этого товара нельзя изменить из бота: справочник маркетплейса не даёт кодов его характеристик, а без них маркетплейс не примет карточку (он сохраняет её только целиком, с характеристиками).
    Что сделать: измените цену в кабинете продавца — или выгрузите товар в Excel (/export), впишите в его строках коды характеристик (их список — /attributes) и пришлите файл обратно.
catalog-price-gone = Этого товара или SKU больше нет.

## Cost prices (kept by the bot, never sent to the marketplace)
catalog-col-barcode = Штрихкод
catalog-col-cost = Себестоимость, ₸
catalog-preview-costs = <b>💰 Себестоимость: { $count } SKU</b> — хранится только в боте, в кабинет продавца не отправляется. Новая: { $added }, изменена: { $changed }, удалена: { $removed }. Очищенная ячейка себестоимости удаляет её.
catalog-preview-cost-line = • штрихкод { $barcode }{ $name }: { $was } → { $will }
catalog-preview-cost-none = нет
catalog-preview-cards-nothing = Карточки не меняются — в кабинет ничего не отправится.
catalog-costs-title = <b>Себестоимость по файлу «{ $file }»</b>
catalog-costs-nothing = Себестоимость не меняется: в файле те же суммы, что уже сохранены.
catalog-costs-empty-removes = Пустая ячейка себестоимости удаляет себестоимость этого штрихкода. В кабинет продавца ничего не отправляется.
catalog-costs-reading = 🔎 Это список себестоимости: сверяю штрихкоды с каталогом…
catalog-costs-kept = 💰 Себестоимость сохранена в боте: { $count } SKU (в кабинет не отправляется).
catalog-costs-undo-hint = Отменить можно в течение 24 часов.
catalog-costs-undone = 💰 Себестоимость: возвращена прежняя у { $restored } SKU, изменена после этого и оставлена как есть — у { $kept }.
catalog-diff-cost-note = себестоимость штрихкода { $barcode }: хранится в боте, в кабинет не отправляется
