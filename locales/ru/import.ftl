# Importing a document: the flow, the problems of a file, /import with its templates.

## Progress of one document (one status message, edited)
import-reading = 📄 Читаю файл «{ $file }»…
import-validated = 🔎 Файл проверен: без ошибок — { $valid }, с ошибками — { $invalid }.
import-sending = 📤 Отправляю товары в сервис ({ $valid }): готово { $done } из { $total } { $total ->
        [one] запроса
       *[other] запросов
    }…
import-none-accepted = ❌ Сервис не принял ни одного запроса — подробности ниже.
import-none-confirmed = ⚠️ Сервис не подтвердил ни одного запроса — подробности ниже.
import-download-failed = ❌ Не удалось скачать файл из Telegram. Отправьте его ещё раз через минуту.

## Files that are not a product list
import-file-empty = ❌ Файл пустой: в нём нет ни одного товара.
import-file-empty-sheets = Просмотрены листы: { $sheets }. На них есть заголовок, но под ним нет ни одной строки с товаром: заполните строки под заголовком и пришлите файл снова.
import-file-too-large = ❌ Файл слишком большой: бот может скачать не больше { $max } МБ. Разделите товары на несколько файлов.
import-file-binary = ❌ Это не текстовый файл и не таблица — прочитать его не получилось.
import-file-unsupported-type = ❌ Файлы типа { $type } я не читаю.
import-file-bad-json = ❌ Файл похож на JSON, но он повреждён или слишком глубоко вложен.
import-file-bad-csv = ❌ CSV-файл не удалось разобрать: похоже, где-то не закрыта кавычка.
import-file-bad-xlsx = ❌ Файл Excel повреждён. Откройте его в Excel и сохраните заново как .xlsx.
import-file-not-product-list = ❌ Это не похоже на список товаров. Ожидается: <code>{ $expected }</code>.
import-file-too-many-rows = ❌ В файле больше { $max } { $max ->
        [one] строки
       *[other] строк
    } — столько за один раз не импортировать. Разделите его на несколько файлов.
import-file-xls = ❌ Это файл старого формата Excel (.xls) — его я не читаю. Откройте его в Excel или LibreOffice и сохраните как .xlsx или CSV UTF-8, затем пришлите снова.
import-file-xlsb = ❌ Это двоичная книга Excel (.xlsb) — её я не читаю. Сохраните её в Excel как «Книга Excel (.xlsx)» или CSV UTF-8 и пришлите снова.
import-file-ods = ❌ Это таблица OpenDocument (.ods) — её я не читаю. В LibreOffice выберите «Файл → Сохранить как» и сохраните как .xlsx или CSV, затем пришлите снова.
import-file-encrypted = ❌ Книга защищена паролем, поэтому прочитать её нельзя. Снимите пароль (в Excel: «Файл → Сведения → Защитить книгу → Зашифровать с помощью пароля», очистите поле) и пришлите файл снова.
import-file-json-comments = ❌ В JSON-файле есть комментарии (// или /* */), а формат JSON их не допускает. Удалите комментарии и пришлите файл снова.
import-file-text-encoding = ❌ Текст сохранён в кодировке { $type }, её я не читаю. Сохраните файл как «CSV UTF-8» или .xlsx.
import-file-too-many-columns = ❌ В таблице есть ячейки дальше { $max }-й колонки — такой лист я не читаю. Удалите лишние колонки справа или скопируйте товары на новый лист и сохраните файл заново.
import-file-too-many-cells = ❌ В таблице больше { $max } заполненных ячеек — это слишком много для одного импорта. Разделите товары на несколько файлов.
import-file-zip-too-large = ❌ Файл Excel после распаковки занимает больше { $max } МБ — такой файл я не читаю. Удалите лишние листы и картинки или разделите товары на несколько файлов.
import-file-zip-too-many-entries = ❌ В файле Excel больше { $max } частей — это не похоже на обычную книгу. Скопируйте товары в новую книгу и сохраните её как .xlsx.
import-file-read-timeout = ❌ Файл не удалось прочитать за { $max } с. Разделите товары на несколько файлов поменьше и пришлите их по очереди.
import-file-read-memory = ❌ Для чтения этого файла нужно больше { $max } МБ памяти — такой файл я не читаю. Разделите товары на несколько файлов поменьше или сохраните их как CSV.
import-file-too-much-text = ❌ Прочитанные из файла данные занимают больше { $max } МБ — такой файл я не читаю. Уберите лишние колонки и повторяющиеся длинные тексты или разделите товары на несколько файлов.
import-file-no-products-sheet = ❌ Ни на одном видимом листе книги нет заголовка с колонками товаров. Ожидается строка заголовка с колонками: <code>{ $expected }</code>.
import-file-at-line-column = Ошибка в строке { $line }, позиция { $column }.
import-file-at-line = Ошибка примерно в строке { $line }.
import-file-expected = Я жду список товаров: файл .xlsx, .csv или .json с колонками, как в шаблоне. Шаблоны и описание колонок — /import.

## Problems of products
import-issue-required = обязательное поле не заполнено (сейчас: { $value }). Заполните его
import-issue-not-a-number = { $value } — не число. Впишите число, например 1234 или 1234,5
import-issue-not-an-integer = { $value } — не целое число. Впишите целое число, без дробной части
import-issue-not-positive = { $value } — а нужно число больше нуля. Исправьте значение
import-issue-not-a-boolean = { $value } — не «да» и не «нет». Впишите «да» или «нет» (подойдут также 1/0)
import-issue-not-a-string = { $value } — а здесь нужен текст. Запишите значение в кавычках
import-issue-not-a-list = { $value } — а здесь нужен список (массив) в квадратных скобках [ ]. Исправьте значение
import-issue-unknown-field = { $value }: такого поля нет в формате импорта. Удалите его или исправьте название по шаблону (/import)
import-issue-vat-not-allowed = ставка НДС { $value } не принимается; допустимые: { $allowed }. Впишите одну из них
import-issue-conflict = { $value } — строки одного товара (с одним ключом товара) расходятся в этой колонке (строки { $rows }). Оставьте одно значение или очистите ячейку в следующих строках
import-issue-too-long = слишком длинный текст ({ $value }): не больше { $max } символов. Сократите его
import-issue-invalid-url = { $value } — ссылка на фото должна начинаться с http:// или https://. Исправьте ссылку
import-issue-kazakh-letters-lost = в { $value } казахские буквы потеряны («?» вместо букв): сохраните файл как «CSV UTF-8» или .xlsx и отправьте снова
import-issue-letters-lost = в { $value } буквы потеряны (вместо слов стоят «?»): файл сохранён в кодировке без кириллицы. Сохраните его как «CSV UTF-8» (в LibreOffice — с кодировкой «Юникод (UTF-8)») или как .xlsx и отправьте снова
import-issue-invalid = { $value } — неверное значение. Исправьте его по шаблону (/import)
import-issue-formula-not-calculated = в ячейке { $cell } формула { $value }, но её значение не сохранено в файле (программа, создавшая файл, его не вычислила). Откройте файл в Excel или LibreOffice, дайте формулам пересчитаться и сохраните файл, или вставьте в ячейку значение вместо формулы
import-issue-cell-error = в ячейке { $cell } ошибка { $value }. Исправьте формулу или впишите значение
import-issue-ambiguous-number = { $value } можно прочитать двояко: как дробь или как число с разделителем тысяч. Напишите число без разделителя тысяч (например, 1234 или 1,5), чтобы было понятно
import-issue-ambiguous-name = { $value } — так называются несколько характеристик или значений, и я не выбираю за вас. Напишите характеристику перед значением (например, «Цвет: Чёрный») или код одного из них: { $codes }
import-issue-hidden-decimals = ячейка показывает { $value }, а хранит { $stored }. Округлите значение в ячейке или покажите все знаки после запятой, чтобы отправилось то, что вы видите
import-issue-date-not-number = здесь дата { $value }, а нужно число. Задайте ячейке числовой формат и впишите число
import-issue-percent-not-number = здесь процент { $value }, а нужно число. Задайте ячейке числовой формат вместо процентного и проверьте число
import-issue-barcode-digits-lost = число { $value } длиннее 15 цифр, а Excel хранит в числовой ячейке только 15 цифр — последние цифры уже потеряны. Задайте колонке формат «Текстовый» и впишите штрихкод заново
import-issue-barcode-leading-zeros = штрихкод { $value } хранится как число, и, похоже, Excel убрал его ведущие нули. Задайте колонке формат «Текстовый» и впишите штрихкод полностью, с нулями
import-issue-barcode-short = в штрихкоде { $value } { $digits } { $digits ->
        [one] цифра
        [few] цифры
       *[other] цифр
    }, а нужно 13 (или 8 в коротком EAN-8), и с нулями в начале он не проходит проверку контрольной цифры. Похоже, нули в начале потерялись, когда таблицу сохраняли в этот файл: впишите штрихкод полностью, как на упаковке, и сохраните колонку как текст
import-issue-barcode-scientific = штрихкод записан как { $value } — в таком виде его цифры потеряны. Задайте колонке формат «Текстовый» и впишите штрихкод заново
import-issue-barcode-apostrophe = штрихкод { $value } начинается с апострофа, а в штрихкоде его быть не может. Уберите апостроф; чтобы нули в начале не пропали, задайте колонке формат «Текстовый»
import-issue-list-separator = в { $value } коды разделены «;» или «,», а нужно «|» (например, color_red|color_blue). Замените разделитель
import-issue-photos-separator = в { $value } ссылки на фото разделены «;», «,» или пробелом, а нужно «|» (например, https://…/1.jpg|https://…/2.jpg). Замените разделитель
import-issue-untitled-column = в колонке { $column } без заголовка есть данные: { $value }. Дайте колонке заголовок из шаблона или удалите её
import-issue-duplicate-column = эта колонка в файле повторяется (колонка { $column }), в ней { $value }. Оставьте одну
import-issue-too-small = { $value } — слишком маленькое число, должно быть не меньше { $min }. Исправьте значение
import-issue-too-big = { $value } — слишком большое число. Проверьте значение
import-issue-too-many-decimals = { $value } — в цене больше двух знаков после запятой, а в тенге их два (тиыны). Округлите значение
import-issue-wrong-type = { $value } — значение не того вида, что ожидается в этом поле. Исправьте его по шаблону (/import)
import-issue-number-in-quotes = { $value } записано в кавычках, то есть как текст, а здесь нужно число: уберите кавычки
import-issue-number-not-text = { $value } записано числом, а здесь нужен текст: возьмите значение в кавычки
import-issue-formula-in-csv = в ячейке формула { $value }, а в CSV-файле должны быть значения. Сохраните CSV заново без формул (в LibreOffice снимите флажок «Сохранять формулы ячеек вместо вычисленных значений») или вставьте в ячейку значение вместо формулы
import-issue-scientific-number = { $value } — число в экспоненциальной записи, в таком виде часть цифр могла потеряться. Задайте ячейке числовой формат (например, 0,00), проверьте число и сохраните файл снова
import-issue-cost-negative = { $value } — себестоимость не может быть меньше нуля. Впишите сумму 0 или больше
import-issue-cost-decimals = { $value } — в себестоимости больше двух знаков после запятой, а в тенге их два (тиыны). Округлите сумму
import-issue-cost-no-barcode = себестоимость { $value } не сохранить: у этого SKU нет штрихкода, а себестоимость я храню по штрихкоду. Задайте штрихкод и пришлите файл снова
import-issue-cost-twice = штрихкоду { $value } в файле даны разные себестоимости (строки { $rows }). Оставьте одну
import-issue-unknown-barcode = штрихкода { $value } нет ни у одного SKU в каталоге. Проверьте штрихкод
import-issue-foreign-currency = { $value } — цена { $currency ->
        [RUB] в рублях
        [USD] в долларах
        [EUR] в евро
        [locale] в денежном формате, а валюту в нём показывает компьютер, на котором открыт файл (в Казахстане ₸, в России ₽), и по файлу её не узнать
       *[other] в другой валюте ({ $sign })
    }. Сервис принимает цены только в тенге, а пересчитывать их я не берусь: впишите цену в тенге и задайте ячейке числовой формат или денежный с ₸
import-value-empty = пусто

import-ref-rows = { $count ->
        [one] Строка
       *[other] Строки
    } { $rows }
import-ref-position = Товар № { $position }
import-refs-rows = { $count ->
        [one] строка
       *[other] строки
    } { $rows }
import-refs-positions = { $count ->
        [one] товар
       *[other] товары
    } № { $positions }
import-problem-line = • <b>{ $where }</b> · { $field }: { $reason }
import-problems-some = ⚠️ В файле есть ошибки. Товаров с ошибками: { $invalid }, без ошибок: { $valid }.
import-problems-all = ❌ Ни один товар из файла не прошёл проверку (товаров с ошибками: { $invalid }), поэтому ничего не отправлено.
import-problems-more = …и ещё ошибок: { $count }. Полный список — в приложенном файле.
import-problems-in-file = Полный список ошибок: строка или позиция, поле, причина.
import-offer = Импортировать товары без ошибок или отменить? Товары с ошибками исправьте и пришлите отдельным файлом.
import-fix-and-resend = Исправьте ошибки и отправьте файл снова. Шаблоны и описание колонок — /import.
import-button-import = ✅ Импортировать без ошибок ({ $valid })
import-button-cancel = ✖️ Отмена
import-cancelled = Импорт отменён, в сервис ничего не отправлено.
import-offer-expired = Это предложение уже неактуально. Отправьте файл ещё раз.

import-report-col-row = Строка
import-report-col-position = Позиция товара
import-report-col-field = Поле
import-report-col-problem = Проблема

import-warning-windows-1251 = ℹ️ Файл сохранён в кодировке Windows-1251, в ней нет казахских букв ({ $letters }). Если в текстах есть казахский, сохраняйте файл как «CSV UTF-8» или .xlsx.
import-warning-kazakh-letters-lost = ⚠️ В строках { $rows } в казахском тексте стоят «?» вместо букв ({ $letters }): файл сохранён в кодировке Windows-1251, и эти буквы в нём потеряны. Сохраните файл в Excel как «CSV UTF-8» (Файл → Сохранить как → CSV UTF-8) или как .xlsx и отправьте снова.

## Notes on how a file was read, shown before confirming
import-note-barcodes-padded = ℹ️ Штрихкоды из числовых ячеек ({ $count }, строки { $rows }) были без ведущих нулей; я восстановил их до 13 цифр — так они проходят проверку контрольной цифры. Проверьте первый товар ниже.
import-note-barcodes-padded-text = ℹ️ Штрихкоды короче 13 цифр ({ $count }, { $place ->
        [positions] товары №
       *[rows] строки
    } { $rows }), похоже, потеряли нули в начале, когда таблицу сохраняли в этот файл; я восстановил их до 13 цифр — так они проходят проверку контрольной цифры. Проверьте первый товар ниже.
import-note-sheets-header-only = ℹ️ Пропущены листы, на которых только заголовок, без товаров: { $sheets }.

## Sending
import-accepted = ✅ Импорт принят: товаров — { $products }, запросов — { $requests }.
import-accepted-edit = ✅ Сервис принял изменения: товаров — { $products }, запросов — { $requests }.
import-skipped = Товары с ошибками ({ $count }) не отправлялись.
import-summary-follows = Когда сервис обработает все товары, я пришлю итог: что загрузилось и что исправить в каких строках. Ход импорта — /jobs.
import-summary-follows-edit = Когда сервис применит изменения, пришлю итог. Ход — /jobs.
import-batch-refused = ❌ Запрос { $batch }/{ $total } ({ $where }) отклонён сервисом:
import-batch-uncertain = ⚠️ Запрос { $batch }/{ $total } ({ $where }): сервис не ответил вовремя или ответил ошибкой. Эти товары могли всё же создаться.
import-batch-uncertain-edit = ⚠️ Запрос { $batch }/{ $total } ({ $where }): сервис не ответил вовремя или ответил ошибкой. Изменения этих товаров могли всё же примениться.
import-batch-failed = ❌ Запрос { $batch }/{ $total } ({ $where }) не выполнен: { $reason }
import-check-products = Прежде чем отправлять эти строки снова, проверьте в /products, не появились ли эти товары, — иначе они задвоятся.
import-check-products-edit = Проверьте эти товары в /products: применились ли изменения, прежде чем отправлять их снова.
import-api-error-request = • <b>Весь запрос</b> · { $field }: { $reason }
import-api-errors-more = …и ещё ошибок: { $count }.
import-watch-failed = ⚠️ Не удалось поставить импорт на отслеживание, поэтому итог может не прийти. Проверьте товары в /products через несколько минут.

## /import
import-help = <b>Импорт товаров из файла</b>
    Пришлите мне файл .xlsx, .csv или .json — без команды, просто документом. Я проверю каждый товар, покажу ошибки по строкам и отправлю товары в сервис (по 30 в одном запросе).

    <b>Колонки таблицы</b> (.xlsx — первый лист, или .csv; первая строка — заголовок, дальше одна строка — один SKU):
    • <code>productKey</code> — строки с одинаковым ключом — один товар; в его следующих строках колонки товара можно оставить пустыми. Строка с пустым ключом — отдельный товар.
    • <code>productId</code>, <code>shopId</code> — пусто: новый товар / без магазина.
    • <code>categoryId</code>, <code>brandId</code> — обязательны (id из /categories и /brands).
    • <code>isLocalMade</code> — true или false (также 1/0, да/нет); пусто — не передаётся.
    • <code>name.rus</code>, <code>name.kaz</code>, <code>description.rus</code>, <code>description.kaz</code> — название и описание; на русском обязательны.
    • <code>vat</code> — ставка НДС: { $vat }.
    • <code>attributes.КОД</code> — по колонке на каждую характеристику (коды — в /attributes); несколько значений через <code>|</code>.
    • <code>skuId</code> — пусто: новый SKU.
    • <code>attributeValueCodes</code> — коды значений, которые задают SKU, через <code>|</code>.
    • <code>price</code> — цена: подойдут 1234.5, 1234,5 и 1 234,50.
    • <code>barcode</code> — штрихкод, хранится как текст (ведущие нули сохраняются; в Excel задайте колонке формат «Текстовый»).
    • <code>photos</code> — ссылки на фото через <code>|</code>, в нужном порядке.

    CSV — в кодировке UTF-8 или Windows-1251, разделитель <code>;</code> или <code>,</code>. Если в текстах есть казахские буквы, сохраняйте «CSV UTF-8» или .xlsx.
    <b>JSON</b> — объект с полем <code>products</code> (как запрос импорта API) или просто массив товаров, с теми же полями.

    Ниже — шаблоны с примером товара.
import-template-csv-caption = Шаблон CSV (UTF-8, разделитель «;») — открывается в Excel. Пример: один товар с двумя SKU.
import-template-json-caption = Шаблон JSON — тот же товар в формате запроса импорта API.

## Import flow: the confirmation before sending (how the file was read, the first product) and stops
import-confirm-question = Импортировать товары ({ $valid })? Проверьте выше, правильно ли прочитан файл.
import-button-import-all = ✅ Импортировать товары ({ $valid })
import-reading-title = <b>Как прочитан файл</b>
import-reading-sheet = • лист «{ $name }» ({ $index }-й из { $count })
import-reading-header = • заголовки колонок — в строке { $row }
import-reading-encoding = • кодировка: { $encoding }
import-reading-delimiter = • разделитель колонок: { $separator }
import-reading-decimal = • дробная часть чисел после: { $separator }
import-reading-thousands = • разряды чисел разделены: { $separator }
import-sep-comma = запятая «,»
import-sep-point = точка «.»
import-sep-semicolon = точка с запятой «;»
import-sep-tab = табуляция
import-sep-space = пробел
import-sep-apostrophe = апостроф «'»
import-sep-bar = черта «|»
import-first-title = <b>Первый товар будет отправлен так</b>
import-first-name = • название: { $name }
import-first-price = • цена: { $price }
import-first-barcode = • штрихкод: { $barcode }
import-first-empty = не указан
import-stopping = ⏸ Бот перезапускается, поэтому в сервис ничего не отправлено. Отправьте файл ещё раз через минуту.
