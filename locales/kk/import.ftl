# Importing a document: the flow, the problems of a file, /import with its templates.

## Progress of one document (one status message, edited)
import-reading = 📄 «{ $file }» файлын оқып жатырмын…
import-validated = 🔎 Файл тексерілді: қатесіз — { $valid }, қатесі бар — { $invalid }.
import-sending = 📤 Тауарларды ({ $valid }) сервиске жіберіп жатырмын: дайын сұраулар — { $done }/{ $total }…
import-waiting = ⏳ Жіберілген тауарлар: { $products }, сұраулар: { $requests }. Өңдеу нәтижесін күтіп жатырмын…
import-none-accepted = ❌ Сервис бірде-бір сұрауды қабылдамады — толығырақ төменде.
import-none-confirmed = ⚠️ Сервис бірде-бір сұрауды растамады — толығырақ төменде.
import-download-failed = ❌ Файлды Telegram-нан жүктеп алу мүмкін болмады. Бір минуттан кейін қайта жіберіңіз.

## Files that are not a product list
import-file-empty = ❌ Файл бос: онда бірде-бір тауар жоқ.
import-file-empty-sheets = Қаралған парақтар: { $sheets }. Оларда тақырып бар, бірақ оның астында тауары бар бірде-бір жол жоқ: тақырыптың астындағы жолдарды толтырып, файлды қайта жіберіңіз.
import-file-too-large = ❌ Файл тым үлкен: бот { $max } МБ-тан аспайтын файлды ғана жүктей алады. Тауарларды бірнеше файлға бөліңіз.
import-file-binary = ❌ Бұл мәтіндік файл да, кесте де емес — оны оқу мүмкін болмады.
import-file-unsupported-type = ❌ { $type } түріндегі файлдарды оқымаймын.
import-file-bad-json = ❌ Файл JSON-ға ұқсайды, бірақ ол бүлінген немесе тым терең кірістірілген.
import-file-bad-csv = ❌ CSV файлын талдау мүмкін болмады: бір жерде тырнақша жабылмаған сияқты.
import-file-bad-xlsx = ❌ Excel файлы бүлінген. Оны Excel-де ашып, .xlsx ретінде қайта сақтаңыз.
import-file-not-product-list = ❌ Бұл тауарлар тізіміне ұқсамайды. Күтілетіні: <code>{ $expected }</code>.
import-file-too-many-rows = ❌ Файлда { $max } жолдан артық — бір импорт үшін бұл тым көп. Оны бірнеше файлға бөліңіз.
import-file-xls = ❌ Бұл ескі Excel форматындағы файл (.xls) — оны оқымаймын. Оны Excel-де немесе LibreOffice-те ашып, .xlsx немесе CSV UTF-8 ретінде сақтаңыз да, қайта жіберіңіз.
import-file-xlsb = ❌ Бұл Excel-дің екілік кітабы (.xlsb) — оны оқымаймын. Оны Excel-де «Excel кітабы (.xlsx)» немесе CSV UTF-8 ретінде сақтап, қайта жіберіңіз.
import-file-ods = ❌ Бұл OpenDocument кестесі (.ods) — оны оқымаймын. LibreOffice-те «Файл → Басқаша сақтау» арқылы .xlsx немесе CSV ретінде сақтап, қайта жіберіңіз.
import-file-encrypted = ❌ Кітап құпиясөзбен қорғалған, сондықтан оны оқу мүмкін емес. Құпиясөзді алып тастаңыз (Excel-де: «Файл → Мәліметтер → Кітапты қорғау → Құпиясөзбен шифрлау», өрісті тазалаңыз) және файлды қайта жіберіңіз.
import-file-json-comments = ❌ JSON файлында түсініктемелер бар (// немесе /* */), ал JSON форматы оларға рұқсат бермейді. Түсініктемелерді өшіріп, файлды қайта жіберіңіз.
import-file-text-encoding = ❌ Мәтін { $type } кодтауында сақталған, оны оқымаймын. Файлды «CSV UTF-8» немесе .xlsx ретінде сақтаңыз.
import-file-too-many-columns = ❌ Кестеде { $max }-бағаннан әрі тұрған ұяшықтар бар — мұндай парақты оқымаймын. Оң жақтағы артық бағандарды өшіріңіз немесе тауарларды жаңа параққа көшіріп, файлды қайта сақтаңыз.
import-file-too-many-cells = ❌ Кестеде { $max }-нан астам толтырылған ұяшық бар — бір импорт үшін бұл тым көп. Тауарларды бірнеше файлға бөліңіз.
import-file-zip-too-large = ❌ Excel файлы ашылғанда { $max } МБ-тан асады — мұндай файлды оқымаймын. Артық парақтар мен суреттерді өшіріңіз немесе тауарларды бірнеше файлға бөліңіз.
import-file-zip-too-many-entries = ❌ Excel файлында { $max }-нан астам бөлік бар — бұл кәдімгі кітапқа ұқсамайды. Тауарларды жаңа кітапқа көшіріп, оны .xlsx ретінде сақтаңыз.
import-file-read-timeout = ❌ Файлды { $max } секундта оқу мүмкін болмады. Тауарларды бірнеше кішірек файлға бөліп, кезекпен жіберіңіз.
import-file-read-memory = ❌ Бұл файлды оқу үшін { $max } МБ-тан көп жад керек — мұндай файлды оқымаймын. Тауарларды бірнеше кішірек файлға бөліңіз немесе CSV ретінде сақтаңыз.
import-file-too-much-text = ❌ Файлдан оқылған деректер { $max } МБ-тан асады — мұндай файлды оқымаймын. Артық бағандар мен қайталанатын ұзын мәтіндерді алып тастаңыз немесе тауарларды бірнеше файлға бөліңіз.
import-file-no-products-sheet = ❌ Кітаптың бірде-бір көрінетін парағында тауар бағандары бар тақырып жолы жоқ. Мына бағандары бар тақырып жолы күтіледі: <code>{ $expected }</code>.
import-file-at-line-column = Қате { $line }-жолда, { $column }-позицияда.
import-file-at-line = Қате шамамен { $line }-жолда.
import-file-expected = Мен тауарлар тізімін күтемін: бағандары үлгідегідей .xlsx, .csv немесе .json файлы. Үлгілер мен бағандардың сипаттамасы — /import.

## Problems of products
import-issue-required = міндетті өріс толтырылмаған (қазір: { $value }). Оны толтырыңыз
import-issue-not-a-number = { $value } — сан емес. Сан жазыңыз, мысалы 1234 немесе 1234,5
import-issue-not-an-integer = { $value } — бүтін сан емес. Бөлшек бөлігі жоқ бүтін сан жазыңыз
import-issue-not-positive = { $value } — ал нөлден үлкен сан керек. Мәнді түзетіңіз
import-issue-not-a-boolean = { $value } — «иә» де, «жоқ» та емес. true немесе false жазыңыз (1/0, иә/жоқ, да/нет та жарайды)
import-issue-not-a-string = { $value } — ал мұнда мәтін керек. Мәнді тырнақшаға алып жазыңыз
import-issue-not-a-list = { $value } — ал мұнда тік жақшадағы тізім (массив) [ ] керек. Мәнді түзетіңіз
import-issue-unknown-field = { $value }: импорт форматында мұндай өріс жоқ. Оны өшіріңіз немесе атауын үлгі бойынша түзетіңіз (/import)
import-issue-vat-not-allowed = { $value } ҚҚС мөлшерлемесі қабылданбайды; рұқсат етілгендері: { $allowed }. Солардың бірін жазыңыз
import-issue-conflict = { $value } — бір productKey жолдарында бұл баған әртүрлі толтырылған ({ $rows }-жолдар). Бір мәнді қалдырыңыз немесе келесі жолдардағы ұяшықты тазартыңыз
import-issue-too-long = мәтін тым ұзын ({ $value }): ең көбі { $max } таңба. Оны қысқартыңыз
import-issue-invalid-url = { $value } — фото сілтемесінің басында http:// немесе https:// болуы керек. Сілтемені түзетіңіз
import-issue-kazakh-letters-lost = { $value } ішінде қазақ әріптері жоғалған (әріптердің орнында «?»): файлды «CSV UTF-8» немесе .xlsx ретінде сақтап, қайта жіберіңіз
import-issue-letters-lost = { $value } ішінде әріптер жоғалған (сөздердің орнында «?» тұр): файл кириллицасы жоқ кодтаумен сақталған. Оны «CSV UTF-8» ретінде (LibreOffice-те «Юникод (UTF-8)» кодтауымен) немесе .xlsx ретінде сақтап, қайта жіберіңіз
import-issue-invalid = { $value } — мәні қате. Оны үлгі бойынша түзетіңіз (/import)
import-issue-formula-not-calculated = { $cell } ұяшығында { $value } формуласы бар, бірақ оның мәні файлда сақталмаған (файлды жасаған бағдарлама оны есептемеген). Файлды Excel-де немесе LibreOffice-те ашып, формулалар қайта есептелгеннен кейін сақтаңыз немесе ұяшыққа формуланың орнына мәнді жазыңыз
import-issue-cell-error = { $cell } ұяшығында { $value } қатесі тұр. Формуланы түзетіңіз немесе мәнді жазыңыз
import-issue-ambiguous-number = { $value } мәнін екі түрлі оқуға болады: бөлшек сан ретінде де, мыңдық бөлгіші бар сан ретінде де. Түсінікті болуы үшін санды мыңдық бөлгішсіз жазыңыз (мысалы, 1234 немесе 1,5)
import-issue-hidden-decimals = ұяшық { $value } көрсетеді, ал ішінде { $stored } сақталған. Көргеніңіз жіберілуі үшін ұяшықтағы мәнді дөңгелектеңіз немесе үтірден кейінгі барлық таңбаларды көрсетіңіз
import-issue-date-not-number = мұнда { $value } күні тұр, ал сан керек. Ұяшыққа сан форматын беріп, санды жазыңыз
import-issue-percent-not-number = мұнда { $value } пайызы тұр, ал сан керек. Ұяшыққа пайыздық форматтың орнына сан форматын беріп, санды тексеріңіз
import-issue-barcode-digits-lost = { $value } саны 15 цифрдан ұзын, ал Excel сан ұяшығында тек 15 цифрды сақтайды — соңғы цифрлар жоғалып кеткен. Бағанға «Мәтіндік» пішімін беріп, штрихкодты қайта жазыңыз
import-issue-barcode-leading-zeros = { $value } штрихкоды сан ретінде сақталған, Excel оның басындағы нөлдерді алып тастаған сияқты. Бағанға «Мәтіндік» пішімін беріп, штрихкодты нөлдерімен толық жазыңыз
import-issue-barcode-scientific = штрихкод { $value } түрінде жазылған — мұндай түрде оның цифрлары жоғалған. Бағанға «Мәтіндік» пішімін беріп, штрихкодты қайта жазыңыз
import-issue-barcode-apostrophe = { $value } штрихкоды апострофпен басталады, ал штрихкодта ол болмайды. Апострофты алып тастаңыз; бастағы нөлдер жоғалмауы үшін бағанға «Мәтіндік» пішімін беріңіз
import-issue-list-separator = { $value } ішінде кодтар «;» немесе «,» белгісімен бөлінген, ал «|» керек (мысалы, red|blue). Бөлгішті ауыстырыңыз
import-issue-photos-separator = { $value } ішінде фото сілтемелері «;», «,» немесе бос орынмен бөлінген, ал «|» керек (мысалы, https://…/1.jpg|https://…/2.jpg). Бөлгішті ауыстырыңыз
import-issue-untitled-column = тақырыбы жоқ { $column } бағанында деректер бар: { $value }. Бағанға үлгідегі тақырыпты беріңіз немесе оны өшіріңіз
import-issue-duplicate-column = бұл баған файлда қайталанады ({ $column } бағаны), онда { $value } тұр. Біреуін қалдырыңыз
import-issue-too-small = { $value } — сан тым кіші, кемінде { $min } болуы керек. Мәнді түзетіңіз
import-issue-too-big = { $value } — сан тым үлкен. Мәнді тексеріңіз
import-issue-too-many-decimals = { $value } — бағада үтірден кейін екі таңбадан көп, ал теңгеде екеу ғана (тиын). Мәнді дөңгелектеңіз
import-issue-wrong-type = { $value } — мән бұл өріске керек түрде емес. Оны үлгі бойынша түзетіңіз (/import)
import-issue-number-in-quotes = { $value } тырнақшада, яғни мәтін ретінде жазылған, ал мұнда сан керек: тырнақшаны алып тастаңыз
import-issue-number-not-text = { $value } сан ретінде жазылған, ал мұнда мәтін керек: мәнді тырнақшаға алыңыз
import-issue-formula-in-csv = ұяшықта { $value } формуласы тұр, ал CSV файлында мәндер болуы керек. CSV файлын формуласыз қайта сақтаңыз (LibreOffice-те «Есептелген мәндердің орнына ұяшық формулаларын сақтау» белгісін алып тастаңыз) немесе ұяшыққа формуланың орнына мәнді жазыңыз
import-issue-scientific-number = { $value } — экспоненциалды түрде жазылған сан, мұндай түрде оның кейбір цифрлары жоғалуы мүмкін. Ұяшыққа сан форматын беріп (мысалы, 0,00), санды тексеріп, файлды қайта сақтаңыз
import-value-empty = бос

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

## Notes on how a file was read, shown before confirming
import-note-barcodes-padded = ℹ️ Сан ұяшықтарындағы штрихкодтардың ({ $count }, { $rows }-жолдар) басындағы нөлдері жоқ еді; оларды 13 цифрға дейін толықтырдым — осылай олар бақылау цифрының тексерісінен өтеді. Төмендегі бірінші тауарды тексеріңіз.
import-note-sheets-header-only = ℹ️ Тек тақырыбы бар, тауарсыз парақтар өткізіліп жіберілді: { $sheets }.

## Sending
import-accepted = ✅ Импорт қабылданды: тауарлар — { $products }, сұраулар — { $requests }.
import-skipped = Қатесі бар тауарлар ({ $count }) жіберілмеді.
import-summary-follows = Сервис барлық тауарды өңдеп болғанда, қорытынды жіберемін: не жүктелді және қай жолдарда нені түзету керек. Импорттың барысы — /jobs.
import-batch-refused = ❌ { $batch }/{ $total } сұрауды ({ $where }) сервис қабылдамады:
import-batch-uncertain = ⚠️ { $batch }/{ $total } сұрау ({ $where }): сервис уақытында жауап бермеді немесе қатемен жауап берді. Бұл тауарлар бәрібір жасалған болуы мүмкін.
import-batch-uncertain-edit = ⚠️ { $batch }/{ $total } сұрау ({ $where }): сервис уақытында жауап бермеді немесе қатемен жауап берді. Бұл тауарлардың өзгерістері бәрібір қолданылған болуы мүмкін.
import-batch-failed = ❌ { $batch }/{ $total } сұрау ({ $where }) орындалмады: { $reason }
import-check-products = Бұл жолдарды қайта жібермес бұрын, /products бөлімінде бұл тауарлардың пайда болған-болмағанын тексеріңіз, әйтпесе олар қайталанып қалады.
import-check-products-edit = Бұл тауарларды қайта жібермес бұрын, /products бөлімінде өзгерістердің қолданылған-қолданылмағанын тексеріңіз.
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

## Import flow: the confirmation before sending (how the file was read, the first product) and stops
import-confirm-question = Тауарларды ({ $valid }) импорттаймыз ба? Файлдың дұрыс оқылғанын жоғарыдан тексеріңіз.
import-button-import-all = ✅ Тауарларды импорттау ({ $valid })
import-reading-title = <b>Файл қалай оқылды</b>
import-reading-sheet = • «{ $name }» парағы ({ $count } парақтың { $index }-сі)
import-reading-header = • баған атаулары — { $row }-жолда
import-reading-encoding = • кодтау: { $encoding }
import-reading-delimiter = • баған бөлгіші: { $separator }
import-reading-decimal = • сандардың бөлшек бөлігі мынадан кейін: { $separator }
import-reading-thousands = • сандардың разрядтары бөлінген: { $separator }
import-sep-comma = үтір «,»
import-sep-point = нүкте «.»
import-sep-semicolon = нүктелі үтір «;»
import-sep-tab = табуляция
import-sep-space = бос орын
import-sep-apostrophe = апостроф «'»
import-sep-bar = сызық «|»
import-first-title = <b>Бірінші тауар былай жіберіледі</b>
import-first-name = • атауы: { $name }
import-first-price = • бағасы: { $price }
import-first-barcode = • штрихкоды: { $barcode }
import-first-empty = көрсетілмеген
import-stopping = ⏸ Бот қайта іске қосылып жатыр, сондықтан сервиске ештеңе жіберілмеді. Файлды бір минуттан кейін қайта жіберіңіз.
