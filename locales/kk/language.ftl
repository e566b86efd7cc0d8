language-choose = Боттың тілін таңдаңыз.
language-set = Дайын, енді мен қазақша сөйлеймін.
language-name-ru = Русский
language-name-kk = Қазақша
