language-choose = Выберите язык бота.
language-set = Готово, теперь я говорю по-русски.
language-name-ru = Русский
language-name-kk = Қазақша
