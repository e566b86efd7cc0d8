# Import results: the job watcher's summary and progress, and /jobs.

jobs-place-row = { $row }-жол
jobs-place-rows = { $rows }-жол
jobs-place-position = № { $position } тауар
jobs-place-positions = № { $positions } тауар

jobs-summary-title = <b>«{ $file }» импорты: қорытынды</b>
jobs-summary-title-expired = <b>«{ $file }» импорты: қорытынды (нәтижелердің бәрі алынған жоқ)</b>
# Edits of existing cards (a price from the card, a returned export, an undo): no "import".
jobs-summary-title-edit = <b>«{ $file }»: қорытынды</b>
jobs-summary-title-edit-expired = <b>«{ $file }»: қорытынды (нәтижелердің бәрі алынған жоқ)</b>
jobs-summary-products = Тауарлар: ✅ сәтті { $succeeded }, ❌ қатемен { $failed }
jobs-summary-skus = SKU: ✅ сәтті { $succeeded }, ❌ қатемен { $failed }
jobs-summary-unfinished = ⏳ { $hours } сағат ішінде қорытынды күйі алынбағандары: { $count } — оларды кейінірек /products арқылы тексеріңіз.
jobs-summary-refused = 🚫 Сервис қабылдамағандары: { $count } (сұраулар: { $batches }) — түзетіп, қайта жіберіңіз.
jobs-summary-maybe-created = ⚠️ Сервис жауап бермегендері: { $count } (сұраулар: { $batches }) — тауарлар жасалған болуы мүмкін, қайта жібермес бұрын /products арқылы тексеріңіз.
jobs-summary-maybe-changed = ⚠️ Сервис жауап бермегендері: { $count } (сұраулар: { $batches }) — өзгерістер қолданылған болуы мүмкін, бұл тауарларды /products арқылы тексеріңіз.
jobs-summary-skipped = Файлдағы қателер салдарынан жіберілмегендері: { $count }
jobs-summary-interrupted = ⚠️ Файлды жіберу үзіліп қалды (бот қайта іске қосылды): мұнда тек қабылданған сұраулардың қорытындысы. /products арқылы тексеріп, жетпейтін тауарларды қайта жіберіңіз.
jobs-summary-all-ok = Барлық тауар қатесіз импортталды.
jobs-summary-all-ok-edit = Барлық өзгеріс қатесіз қолданылды.
jobs-summary-problems = <b>Қателер:</b>
jobs-summary-see-report = Қателер саны: { $count }. Толық тізім қоса берілген файлда (CSV, Excel-де ашылады).

jobs-problem-no-details = сервис қатені толық ақпаратсыз белгіледі
jobs-problem-refused = сервис { $batch }-сұрауды қабылдамады
jobs-problem-maybe-created = { $batch }-сұрауға жауап алынбады — тауарлар жасалған болуы мүмкін
jobs-problem-maybe-changed = { $batch }-сұрауға жауап алынбады — өзгерістер қолданылған болуы мүмкін
jobs-problem-unfinished = { $hours } сағат ішінде қорытынды күйі алынбады

jobs-report-place = Жол / тауар №
jobs-report-batch = Сұрау
jobs-report-field = Өріс
jobs-report-description = Сипаттама

jobs-progress-waiting = ⏳ «{ $file }»: импорт нәтижелері күтілуде — дайын тауарлар: { $finished } / { $total }.
jobs-progress-waiting-edit = ⏳ «{ $file }»: сервис өзгерістерді қолдануда — дайын тауарлар: { $finished } / { $total }.
jobs-progress-done = ✅ «{ $file }»: сервис барлық тауарды өңдеді.
jobs-list-title = <b>Соңғы импорттарыңыз</b>
jobs-list-empty = Әзірге импорт болған жоқ. Тауарлар файлын (JSON, CSV немесе XLSX) жіберіңіз — үлгілер /import командасында.
jobs-list-item = { $n }. <b>{ $file }</b> · { $date }
jobs-state-watching = ⏳ нәтижелер күтілуде: дайын { $finished } / { $total }
jobs-state-done = ✅ аяқталды: сәтті { $succeeded }, қатемен { $failed }
jobs-state-expired = ⌛ нәтижелердің бәрі алынбады: сәтті { $succeeded }, қатемен { $failed }, нәтижесіз { $pending }
