# Errors and fallbacks shared by every feature.
error-generic = Что-то пошло не так. Попробуйте ещё раз через минуту; если ошибка повторяется, напишите в поддержку.
error-api-unavailable = Сервис продавца сейчас не отвечает. Попробуйте ещё раз через несколько минут.
error-api-unauthorized = Бот не смог авторизоваться в сервисе продавца. Сообщите администратору бота — ваши данные в порядке.
error-api-bad-response = Сервис продавца прислал непонятный ответ. Попробуйте ещё раз позже.
error-api-not-found = Не нашёл этого в сервисе продавца — возможно, запись удалена.
error-api-invalid = Сервис продавца отклонил запрос. Проверьте данные и попробуйте снова.
error-storage = Не удаётся сохранить состояние чата. Попробуйте ещё раз через минуту.
private-only = Я работаю только в личном чате. Напишите мне напрямую: @{ $bot }.
not-linked = Этот чат ещё не привязан к кабинету продавца.
    Откройте кабинет продавца → «Уведомления в Telegram», получите ссылку привязки и перейдите по ней — или отправьте <code>/link ТОКЕН</code>.
unknown-command = Не знаю такой команды. Список команд — /help.
unknown-message = Такое сообщение я не обрабатываю. Список команд — /help.
button-unknown = Эта кнопка устарела. Откройте раздел заново.
button-other-chat = Эта кнопка из другого чата — здесь она ничего не делает.
button-busy = ⏳ Это уже выполняется — дождитесь ответа.
cancelled = Отменено.
nothing-to-cancel = Отменять нечего.
too-many-requests = Слишком много сообщений подряд. Подождите несколько секунд.

cmd-orders = Заказы
cmd-products = Товары
cmd-import = Импорт товаров из файла
cmd-jobs = Мои импорты
cmd-categories = Категории
cmd-brands = Бренды
cmd-attributes = Характеристики и их значения
cmd-status = Статус привязки
cmd-link = Привязать кабинет
cmd-language = Язык: русский / қазақша
cmd-help = Помощь
cmd-cancel = Отменить текущее действие

# /help: one line per menu command, in the menu's order (src/bot/menu.ts).
help-orders = новые заказы (поиск: <code>/orders текст</code>)
help-products = товары и их SKU (карточка товара: <code>/products ID</code>)
help-import = импорт карточек из файла JSON, CSV или XLSX: просто пришлите файл в чат
help-jobs = мои импорты и их результаты
help-categories = категории и их ID для импорта
help-brands = бренды и их ID для импорта
help-attributes = характеристики и их значения для импорта (<code>/attributes ID категории</code>)
help-status = статус привязки
help-link = сменить кабинет продавца
help-language = язык
help-help = этот список
help-cancel = отменить текущее действие
