# Import results: the job watcher's summary and progress, and /jobs.

jobs-place-row = строка { $row }
jobs-place-rows = строки { $rows }
jobs-place-position = позиция { $position }
jobs-place-positions = позиции { $positions }

jobs-summary-title = <b>Импорт «{ $file }»: итоги</b>
jobs-summary-title-expired = <b>Импорт «{ $file }»: итоги (получены не все результаты)</b>
# Edits of existing cards (a price from the card, a returned export, an undo): no "import".
jobs-summary-title-edit = <b>«{ $file }»: итоги</b>
jobs-summary-title-edit-expired = <b>«{ $file }»: итоги (получены не все результаты)</b>
jobs-summary-products = Товары: ✅ успешно { $succeeded }, ❌ с ошибками { $failed }
jobs-summary-skus = SKU: ✅ успешно { $succeeded }, ❌ с ошибками { $failed }
jobs-summary-unfinished = ⏳ Без итогового статуса за { $hours } ч: { $count } — проверьте их позже в /products.
jobs-summary-refused = 🚫 Не приняты сервисом: { $count } (запросы: { $batches }) — исправьте и отправьте их снова.
jobs-summary-maybe-created = ⚠️ Сервис не ответил: { $count } (запросы: { $batches }) — товары могли быть созданы, проверьте /products перед повторной отправкой.
jobs-summary-maybe-changed = ⚠️ Сервис не ответил: { $count } (запросы: { $batches }) — изменения могли примениться, проверьте эти товары в /products.
jobs-summary-skipped = Не отправлены из-за ошибок в файле: { $count }
jobs-summary-interrupted = ⚠️ Отправка файла прервалась (бот перезапускался): здесь итоги только по принятым запросам. Проверьте /products и отправьте недостающие товары снова.
jobs-summary-all-ok = Все товары импортированы без ошибок.
jobs-summary-all-ok-edit = Все изменения применены без ошибок.
jobs-summary-problems = <b>Ошибки:</b>
jobs-summary-see-report = Ошибок: { $count }. Полный список — в приложенном файле (CSV, открывается в Excel).

jobs-problem-no-details = сервис отметил ошибку без подробностей
jobs-problem-refused = сервис отклонил запрос { $batch }
jobs-problem-maybe-created = ответ на запрос { $batch } не получен — товары могли быть созданы
jobs-problem-maybe-changed = ответ на запрос { $batch } не получен — изменения могли примениться
jobs-problem-unfinished = итоговый статус не получен за { $hours } ч

jobs-report-place = Строка / позиция
jobs-report-batch = Запрос
jobs-report-field = Поле
jobs-report-description = Описание

jobs-progress-waiting = ⏳ «{ $file }»: ждём результатов импорта — готово товаров: { $finished } из { $total }.
jobs-progress-waiting-edit = ⏳ «{ $file }»: ждём, пока сервис применит изменения — готово товаров: { $finished } из { $total }.
jobs-progress-done = ✅ «{ $file }»: сервис обработал все товары.
jobs-list-title = <b>Ваши последние импорты</b>
jobs-list-empty = Импортов пока не было. Пришлите файл с товарами (JSON, CSV или XLSX) — шаблоны есть в /import.
jobs-list-item = { $n }. <b>{ $file }</b> · { $date }
jobs-state-watching = ⏳ ждём результатов: готово { $finished } из { $total }
jobs-state-done = ✅ завершён: успешно { $succeeded }, с ошибками { $failed }
jobs-state-expired = ⌛ получены не все результаты: успешно { $succeeded }, с ошибками { $failed }, без результата { $pending }
