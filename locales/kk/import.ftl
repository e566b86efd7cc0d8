# Importing a document: the flow, the problems of a file, /import with its templates.

## Progress of one document (one status message, edited)
import-reading = 📄 «{ $file }» файлын оқып жатырмын…
import-validated = 🔎 Файл тексерілді: қатесіз — { $valid }, қатесі бар — { $invalid }.
import-sending = 📤 Тауарларды ({ $valid }) сервиске жіберіп жатырмын: дайын сұраулар — { $done }/{ $total }…
import-waiting = ⏳ Жіберілген тауарлар: { $products }, сұраулар: { $requests }. Өңдеу нәтижесін күтіп жатырмын…
import-none-accepted = ❌ Сервис бірде-бір сұрауды қабылдамады — толығырақ төменде.
import-download-failed = ❌ Файлды Telegram-нан жүктеп алу мүмкін болмады. Бір минуттан кейін қайта жіберіңіз.

## Files that are not a product list
import-file-empty = ❌ Файл бос: онда бірде-бір тауар жоқ.
import-file-too-large = ❌ Файл тым үлкен: бот { $max } МБ-тан аспайтын файлды ғана жүктей алады. Тауарларды бірнеше файлға бөліңіз.
import-file-binary = ❌ Бұл мәтіндік файл да, кесте де емес — оны оқу мүмкін болмады.
import-file-unsupported-type = ❌ { $type } түріндегі файлдарды оқымаймын.
import-file-bad-json = ❌ Файл JSON-ға ұқсайды, бірақ ол бүлінген немесе тым терең кірістірілген.
import-file-bad-csv = ❌ CSV файлын талдау мүмкін болмады: бір жерде тырнақша жабылмаған сияқты.
import-file-bad-xlsx = ❌ Excel файлы бүлінген. Оны Excel-де ашып, .xlsx ретінде қайта сақтаңыз.
import-file-not-product-list = ❌ Бұл тауарлар тізіміне ұқсамайды. Күтілетіні: <code>{ $expected }</code>.
import-file-too-many-rows = ❌ Файлда { $max } жолдан артық — бір импорт үшін бұл тым көп. Оны бірнеше файлға бөліңіз.
import-file-at-line = Қате шамамен { $line }-жолда.
import-file-expected = Мен тауарлар тізімін күтемін: бағандары үлгідегідей .xlsx, .csv немесе .json файлы. Үлгілер мен бағандардың сипаттамасы — /import.

## Problems of products
import-issue-required = міндетті өріс толтырылмаған
import-issue-not-a-number = сан болуы керек
import-issue-not-an-integer = бүтін сан болуы керек
import-issue-not-positive = нөлден үлкен болуы керек
import-issue-not-a-boolean = true немесе false болуы керек (1/0, иә/жоқ та жарайды)
import-issue-not-a-string = мәтін болуы керек
import-issue-not-a-list = тізім (массив) болуы керек
import-issue-unknown-field = импорт форматында мұндай өріс жоқ
import-issue-vat-not-allowed = мұндай ҚҚС мөлшерлемесі қабылданбайды; рұқсат етілгендері: { $allowed }
import-issue-conflict = бір productKey жолдарында бұл баған әртүрлі толтырылған ({ $rows }-жолдар)
import-issue-too-long = мәтін тым ұзын, ең көбі { $max } таңба
import-issue-invalid-url = фото сілтемесінің басында http:// немесе https:// болуы керек
import-issue-kazakh-letters-lost = қазақ әріптері жоғалған (әріптердің орнында «?»): файлды «CSV UTF-8» немесе .xlsx ретінде сақтаңыз
import-issue-invalid = мәні қате: { $detail }

import-ref-rows = { $rows }-{ $count ->
        [one] жол
       *[other] жолдар
    }
import-ref-position = № { $position } тауар
import-refs-rows = { $rows }-{ $count ->
        [one] жол
       *[other] жолдар
    }
import-refs-positions = № { $positions } { $count ->
        [one] тауар
       *[other] тауарлар
    }
import-problem-line = • <b>{ $where }</b> · <code>{ $field }</code>: { $reason }
import-problems-some = ⚠️ Файлда қателер бар. Қатесі бар тауарлар: { $invalid }, қатесіз тауарлар: { $valid }.
import-problems-all = ❌ Файлдағы бірде-бір тауар тексеруден өтпеді (қатесі бар тауарлар: { $invalid }), сондықтан ештеңе жіберілмеді.
import-problems-more = …және тағы { $count } қате. Толық тізім қоса берілген файлда.
import-problems-in-file = Қателердің толық тізімі: жол немесе тауар нөмірі, өріс, себеп.
import-offer = Қатесіз тауарларды импорттаймыз ба, әлде бас тартамыз ба? Қатесі бар тауарларды түзетіп, бөлек файлмен жіберіңіз.
import-fix-and-resend = Қателерді түзетіп, файлды қайта жіберіңіз. Үлгілер мен бағандардың сипаттамасы — /import.
import-button-import = ✅ Қатесіздерін импорттау ({ $valid })
import-button-cancel = ✖️ Бас тарту
import-cancelled = Импорт тоқтатылды, сервиске ештеңе жіберілмеді.
import-offer-expired = Бұл ұсыныс енді өзекті емес. Файлды қайта жіберіңіз.

import-report-col-row = Жол
import-report-col-position = Тауардың реттік нөмірі
import-report-col-field = Өріс
import-report-col-problem = Мәселе
import-report-col-code = Код

import-warning-windows-1251 = ℹ️ Файл Windows-1251 кодтауымен сақталған, онда қазақ әріптері ({ $letters }) жоқ. Мәтіндерде қазақша болса, файлды «CSV UTF-8» немесе .xlsx ретінде сақтаңыз.
import-warning-kazakh-letters-lost = ⚠️ { $rows }-жолдарда қазақша мәтінде әріптердің ({ $letters }) орнында «?» тұр: файл Windows-1251 кодтауымен сақталған, сондықтан бұл әріптер жоғалған. Excel-де файлды «CSV UTF-8» (Файл → Басқаша сақтау → CSV UTF-8) немесе .xlsx ретінде сақтап, қайта жіберіңіз.

## Sending
import-accepted = ✅ Импорт қабылданды: тауарлар — { $products }, сұраулар — { $requests }.
import-skipped = Қатесі бар тауарлар ({ $count }) жіберілмеді.
import-summary-follows = Сервис барлық тауарды өңдеп болғанда, қорытынды жіберемін: не жүктелді және қай жолдарда нені түзету керек. Импорттың барысы — /jobs.
import-batch-refused = ❌ { $batch }/{ $total } сұрауды ({ $where }) сервис қабылдамады:
import-batch-uncertain = ⚠️ { $batch }/{ $total } сұрау ({ $where }): сервис уақытында жауап бермеді немесе қатемен жауап берді. Бұл тауарлар бәрібір жасалған болуы мүмкін.
import-batch-failed = ❌ { $batch }/{ $total } сұрау ({ $where }) орындалмады: { $reason }
import-check-products = Бұл жолдарды қайта жібермес бұрын, /products бөлімінде бұл тауарлардың пайда болған-болмағанын тексеріңіз, әйтпесе олар қайталанып қалады.
import-api-error-request = • <b>Бүкіл сұрау</b> · <code>{ $field }</code>: { $reason }
import-api-errors-more = …және тағы { $count } қате.
import-watch-failed = ⚠️ Импортты бақылауға қою мүмкін болмады, сондықтан қорытынды келмеуі мүмкін. Бірнеше минуттан кейін тауарларды /products бөлімінде тексеріңіз.

## /import
import-help = <b>Тауарларды файлдан импорттау</b>
    Маған .xlsx, .csv немесе .json файлын жіберіңіз — командасыз, жай құжат ретінде. Әр тауарды тексеремін, қателерді жолдар бойынша көрсетемін және тауарларды сервиске жіберемін (бір сұрауда 30-дан).

    <b>Кесте бағандары</b> (.xlsx — бірінші парақ, немесе .csv; бірінші жол — тақырып, одан әрі бір жол — бір SKU):
    • <code>productKey</code> — кілті бірдей жолдар бір тауар болып саналады; оның келесі жолдарында тауар бағандарын бос қалдыруға болады. Кілті бос жол — жеке тауар.
    • <code>productId</code>, <code>shopId</code> — бос болса: жаңа тауар / дүкенсіз.
    • <code>categoryId</code>, <code>brandId</code> — міндетті (id-лерді /categories және /brands бөлімдерінен қараңыз).
    • <code>isLocalMade</code> — true немесе false (сондай-ақ 1/0, иә/жоқ); бос болса — жіберілмейді.
    • <code>name.rus</code>, <code>name.kaz</code>, <code>description.rus</code>, <code>description.kaz</code> — атауы мен сипаттамасы; орысша нұсқасы міндетті.
    • <code>vat</code> — ҚҚС мөлшерлемесі: { $vat }.
    • <code>attributes.КОД</code> — әр сипаттамаға бір баған (кодтары — /attributes бөлімінде); бірнеше мән <code>|</code> арқылы жазылады.
    • <code>skuId</code> — бос болса: жаңа SKU.
    • <code>attributeValueCodes</code> — SKU-ды анықтайтын мәндердің кодтары, <code>|</code> арқылы.
    • <code>price</code> — баға: 1234.5, 1234,5 және 1 234,50 жарайды.
    • <code>barcode</code> — штрихкод мәтін ретінде сақталады (бастағы нөлдер жоғалмайды; Excel-де бағанға «Мәтіндік» пішімін беріңіз).
    • <code>photos</code> — фото сілтемелері <code>|</code> арқылы, қажетті ретпен.

    CSV — UTF-8 немесе Windows-1251 кодтауында, бөлгіші <code>;</code> немесе <code>,</code>. Мәтіндерде қазақ әріптері болса, «CSV UTF-8» немесе .xlsx ретінде сақтаңыз.
    <b>JSON</b> — <code>products</code> өрісі бар нысан (API импорт сұрауы сияқты) немесе сол өрістері бар жай тауарлар массиві.

    Төменде — тауар мысалы бар үлгілер.
import-template-csv-caption = CSV үлгісі (UTF-8, бөлгіш «;») — Excel-де ашылады. Мысал: екі SKU-ы бар бір тауар.
import-template-json-caption = JSON үлгісі — сол тауар API импорт сұрауының пішімінде.
