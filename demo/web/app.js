// The web chat's client: follows the chat through server-sent events and renders it the way a
// Telegram app would; every input goes to the demo server, which hands it to the bot.
(() => {
  const UI = {
    ru: {
      bot: "бот",
      you: "Вы",
      typing: "печатает…",
      menu: "Меню",
      placeholder: "Сообщение",
      attach: "Прикрепить файл",
      whatTitle: "Что умеет этот бот?",
      whatText:
        "Заказы, товары и импорт карточек из файла для продавцов маркетплейса — на русском и казахском.",
      tokenHint:
        "Кабинет продавца (песочница) уже выдал одноразовый токен привязки: кнопка ниже откроет ссылку t.me/…?start=<токен>.",
      linkButton: "Привязать демо-кабинет",
      startButton: "Начать",
      drop: "Отпустите файл, чтобы отправить его",
      chooseFile: "📁 Выбрать файл…",
      samples: "Примеры файлов",
      download: "Скачать",
      offline: "Нет связи с демо-сервером — он остановлен?",
    },
    kk: {
      bot: "бот",
      you: "Сіз",
      typing: "жазып жатыр…",
      menu: "Мәзір",
      placeholder: "Хабарлама",
      attach: "Файл тіркеу",
      whatTitle: "Бұл бот не істей алады?",
      whatText:
        "Маркетплейс сатушыларына арналған тапсырыстар, тауарлар және файлдан карточкаларды импорттау — орыс және қазақ тілдерінде.",
      tokenHint:
        "Сатушы кабинеті (құмсалғыш) бір реттік байланыстыру токенін берді: төмендегі батырма t.me/…?start=<токен> сілтемесін ашады.",
      linkButton: "Демо-кабинетті байланыстыру",
      startButton: "Бастау",
      drop: "Жіберу үшін файлды осында қойыңыз",
      chooseFile: "📁 Файл таңдау…",
      samples: "Файл үлгілері",
      download: "Жүктеп алу",
      offline: "Демо-сервермен байланыс жоқ — ол тоқтатылды ма?",
    },
    en: {
      bot: "bot",
      you: "You",
      typing: "typing…",
      menu: "Menu",
      placeholder: "Message",
      attach: "Attach a file",
      whatTitle: "What can this bot do?",
      whatText:
        "Orders, products and bulk product import from a file, for marketplace sellers — in Russian and Kazakh.",
      tokenHint:
        "The (sandbox) seller cabinet has issued a one-time link token: the button below opens t.me/…?start=<token>.",
      linkButton: "Link the demo seller account",
      startButton: "Start",
      drop: "Drop the file to send it",
      chooseFile: "📁 Choose a file…",
      samples: "Sample files",
      download: "Download",
      offline: "The demo server does not answer — was it stopped?",
    },
  };

  const $ = (id) => document.getElementById(id);
  const chatEl = $("chat");
  const messagesEl = $("messages");
  const rendered = new Map();
  let chatId = 0;
  let lang = "ru";
  let samples = [];
  let lastToast = -1;
  let firstState = true;

  const t = (key) => (UI[lang] ?? UI.en)[key] ?? UI.en[key];

  function applyUi() {
    document.documentElement.lang = lang === "kk" ? "kk" : lang;
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of document.querySelectorAll("[data-i18n-placeholder]")) {
      el.placeholder = t(el.dataset.i18nPlaceholder);
    }
    for (const el of document.querySelectorAll("[data-i18n-title]"))
      el.title = t(el.dataset.i18nTitle);
    $("lang").value = lang;
  }

  async function call(path, body, raw) {
    const response = await fetch(`/api/chat/${chatId}/${path}`, {
      method: "POST",
      headers: raw
        ? { "content-type": "application/octet-stream" }
        : { "content-type": "application/json" },
      body: raw ?? JSON.stringify(body ?? {}),
    });
    if (!response.ok) {
      const error = await response.json().catch(() => ({}));
      showToast(error.error ?? `HTTP ${response.status}`, false);
    }
  }

  // --- text with entities --------------------------------------------------------------------

  const safeUrl = (url) => (/^(https?:|tg:|mailto:|tel:)/i.test(url) ? url : `https://${url}`);

  function elementFor(entity, slice) {
    const make = (tag, cls) => {
      const el = document.createElement(tag);
      if (cls) el.className = cls;
      return el;
    };
    switch (entity.type) {
      case "bold":
        return make("b");
      case "italic":
        return make("i");
      case "underline":
        return make("u");
      case "strikethrough":
        return make("s");
      case "code":
        return make("code");
      case "pre":
        return make("pre");
      case "blockquote":
      case "expandable_blockquote":
        return make("blockquote");
      case "spoiler": {
        const el = make("span", "spoiler");
        el.addEventListener("click", () => el.classList.add("shown"));
        return el;
      }
      case "text_link":
      case "url":
      case "email":
      case "phone_number": {
        const el = make("a");
        const target = entity.type === "text_link" ? entity.url : slice;
        el.href =
          entity.type === "email"
            ? `mailto:${target}`
            : entity.type === "phone_number"
              ? `tel:${target}`
              : safeUrl(target);
        el.target = "_blank";
        el.rel = "noopener noreferrer";
        return el;
      }
      case "bot_command": {
        const el = make("a", "command");
        el.href = "#";
        el.addEventListener("click", (event) => {
          event.preventDefault();
          send(slice.split("@")[0]);
        });
        return el;
      }
      case "mention":
      case "hashtag":
      case "cashtag":
        return make("a");
      default:
        return make("span");
    }
  }

  /** Builds nested elements from Telegram entities (offsets in UTF-16 units, like JS strings). */
  function renderText(text, entities) {
    const root = document.createElement("div");
    root.className = "text";
    const sorted = [...(entities ?? [])].sort((a, b) => a.offset - b.offset || b.length - a.length);
    const build = (parent, start, end, list) => {
      let pos = start;
      let i = 0;
      while (i < list.length) {
        const entity = list[i];
        const entityEnd = Math.min(entity.offset + entity.length, end);
        if (entity.offset > pos) parent.append(text.slice(pos, entity.offset));
        const inner = [];
        i++;
        while (i < list.length && list[i].offset < entityEnd) inner.push(list[i++]);
        const el = elementFor(entity, text.slice(entity.offset, entityEnd));
        build(el, Math.max(entity.offset, pos), entityEnd, inner);
        parent.append(el);
        pos = Math.max(pos, entityEnd);
      }
      if (pos < end) parent.append(text.slice(pos, end));
    };
    build(root, 0, text.length, sorted);
    return root;
  }

  // --- messages ------------------------------------------------------------------------------

  // The bot's time zone (from the state): a message's time agrees with the times in its text.
  let timeZone;
  const time = (unix) =>
    new Date(unix * 1000).toLocaleTimeString(lang === "en" ? "en-GB" : lang, {
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      ...(timeZone && { timeZone }),
    });
  const size = (bytes) =>
    bytes < 1024
      ? `${bytes} B`
      : bytes < 1048576
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / 1048576).toFixed(1)} MB`;

  function messageElement(m) {
    const group = document.createElement("div");
    group.className = `group ${m.from}${m.buttons.length ? " with-keyboard" : ""}${m.photo ? " with-photo" : ""}`;
    group.dataset.id = String(m.id);
    const bubble = document.createElement("div");
    bubble.className = `bubble msg ${m.from}${m.photo ? " photo" : ""}`;
    bubble.dataset.id = String(m.id);
    if (m.replyTo) {
      const quote = document.createElement("a");
      quote.className = "reply";
      quote.href = "#";
      quote.innerHTML = '<div class="reply-name"></div><div class="reply-text"></div>';
      quote.querySelector(".reply-name").textContent =
        m.replyTo.from === "bot" ? "Seller Bot" : t("you");
      quote.querySelector(".reply-text").textContent = m.replyTo.text;
      quote.addEventListener("click", (event) => {
        event.preventDefault();
        rendered.get(m.replyTo.id)?.el.scrollIntoView({ block: "center" });
      });
      bubble.append(quote);
    }
    if (m.photo) {
      const img = document.createElement("img");
      img.className = "photo";
      img.src = m.photo.src;
      img.alt = "photo";
      // A picture grows its message after it was placed: keep the newest message in view.
      img.addEventListener("load", () => {
        if (group === messagesEl.lastElementChild) scrollDown(true);
      });
      bubble.append(img);
    }
    if (m.document) {
      const link = document.createElement("a");
      link.className = "document";
      link.href = m.document.href;
      link.download = m.document.name;
      link.title = t("download");
      link.innerHTML =
        '<span class="icon">⬇</span><span><div class="file-name"></div><div class="file-size"></div></span>';
      link.querySelector(".file-name").textContent = m.document.name;
      link.querySelector(".file-size").textContent = size(m.document.size);
      bubble.append(link);
    }
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = `${m.edited ? "✎ " : ""}${time(m.date)}`;
    if (m.text) {
      const text = renderText(m.text, m.entities);
      text.append(meta);
      bubble.append(text);
    } else {
      bubble.append(meta);
    }
    group.append(bubble);
    if (m.buttons.length) {
      const keyboard = document.createElement("div");
      keyboard.className = "inline";
      m.buttons.forEach((row, r) => {
        const rowEl = document.createElement("div");
        rowEl.className = "row";
        row.forEach((button, c) => {
          let el;
          if (button.url) {
            el = document.createElement("a");
            el.href = safeUrl(button.url);
            el.target = "_blank";
            el.rel = "noopener noreferrer";
          } else {
            el = document.createElement("button");
            el.type = "button";
            el.addEventListener("click", () => call("press", { message: m.id, row: r, column: c }));
          }
          el.textContent = button.text;
          el.title = button.text;
          rowEl.append(el);
        });
        keyboard.append(rowEl);
      });
      group.append(keyboard);
    }
    return group;
  }

  function nearBottom() {
    return chatEl.scrollHeight - chatEl.scrollTop - chatEl.clientHeight < 120;
  }

  function scrollDown(force) {
    if (force || nearBottom()) chatEl.scrollTop = chatEl.scrollHeight;
  }

  function renderMessages(messages) {
    const stick = nearBottom() || firstState;
    let appended = false;
    const alive = new Set();
    let previous = null;
    for (const m of messages) {
      alive.add(m.id);
      const signature = JSON.stringify(m);
      let entry = rendered.get(m.id);
      if (!entry || entry.signature !== signature) {
        const el = messageElement(m);
        if (entry) entry.el.replaceWith(el);
        else {
          if (previous) previous.after(el);
          else messagesEl.prepend(el);
          appended = true;
        }
        entry = { el, signature };
        rendered.set(m.id, entry);
      }
      previous = entry.el;
    }
    for (const [id, entry] of rendered) {
      if (!alive.has(id)) {
        entry.el.remove();
        rendered.delete(id);
      }
    }
    $("start").hidden = messages.length > 0;
    if (appended || stick) scrollDown(appended || stick);
  }

  function renderKeyboard(rows) {
    const el = $("keyboard");
    el.replaceChildren();
    el.hidden = !rows;
    for (const row of rows ?? []) {
      const rowEl = document.createElement("div");
      rowEl.className = "row";
      for (const label of row) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = label;
        button.addEventListener("click", () => send(label));
        rowEl.append(button);
      }
      el.append(rowEl);
    }
  }

  function renderCommands(commands) {
    const el = $("commands");
    el.replaceChildren();
    for (const c of commands) {
      const button = document.createElement("button");
      button.type = "button";
      button.innerHTML = '<span class="command"></span><span class="description"></span>';
      button.querySelector(".command").textContent = `/${c.command}`;
      button.querySelector(".description").textContent = c.description;
      button.addEventListener("click", () => {
        el.hidden = true;
        send(`/${c.command}`);
      });
      el.append(button);
    }
    $("menu").hidden = commands.length === 0;
  }

  let toastTimer;
  function showToast(text, alert) {
    if (alert) {
      $("alert").querySelector("p").textContent = text;
      $("alert").hidden = false;
      return;
    }
    const el = $("toast");
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      el.hidden = true;
    }, 2600);
  }

  function render(state) {
    timeZone = state.timeZone;
    renderMessages(state.messages);
    renderKeyboard(state.keyboard);
    renderCommands(state.commands);
    for (const toast of state.toasts) {
      if (toast.id > lastToast && !firstState) showToast(toast.text, toast.alert);
    }
    lastToast = Math.max(lastToast, ...state.toasts.map((x) => x.id));
    const status = $("status");
    status.textContent = state.busy ? t("typing") : t("bot");
    status.classList.toggle("busy", state.busy);
    document.body.dataset.busy = String(state.busy);
    firstState = false;
  }

  // --- input ---------------------------------------------------------------------------------

  function send(text) {
    const value = text.trim();
    if (value) call("send", { text: value });
  }

  async function upload(file) {
    if (!file) return;
    await call(`upload?name=${encodeURIComponent(file.name)}`, undefined, file);
  }

  function renderAttachMenu() {
    const el = $("attach-menu");
    el.replaceChildren();
    const choose = document.createElement("button");
    choose.type = "button";
    choose.textContent = t("chooseFile");
    choose.addEventListener("click", () => {
      el.hidden = true;
      $("file").click();
    });
    el.append(choose);
    const title = document.createElement("div");
    title.className = "section";
    title.textContent = t("samples");
    el.append(title);
    for (const name of samples) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.sample = name;
      button.textContent = `📄 ${name}`;
      button.addEventListener("click", () => {
        el.hidden = true;
        call("sample", { name });
      });
      el.append(button);
    }
  }

  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    send($("text").value);
    $("text").value = "";
  });
  $("menu").addEventListener("click", () => {
    $("attach-menu").hidden = true;
    $("commands").hidden = !$("commands").hidden;
  });
  $("attach").addEventListener("click", () => {
    $("commands").hidden = true;
    renderAttachMenu();
    $("attach-menu").hidden = !$("attach-menu").hidden;
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest(".popup, #menu, #attach")) {
      $("commands").hidden = true;
      $("attach-menu").hidden = true;
    }
  });
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    $("file").value = "";
    await upload(file);
  });
  $("link").addEventListener("click", () => call("link"));
  $("start-button").addEventListener("click", () => send("/start"));
  $("alert")
    .querySelector("button")
    .addEventListener("click", () => {
      $("alert").hidden = true;
    });
  $("lang").addEventListener("change", async () => {
    lang = $("lang").value;
    localStorage.setItem("demo-lang", lang);
    applyUi();
    await call("lang", { code: lang });
  });

  // Drag and drop anywhere on the page sends the file as a document.
  let dragDepth = 0;
  const app = $("app");
  app.addEventListener("dragenter", (event) => {
    event.preventDefault();
    dragDepth++;
    $("drop").hidden = false;
  });
  app.addEventListener("dragover", (event) => event.preventDefault());
  app.addEventListener("dragleave", () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) $("drop").hidden = true;
  });
  app.addEventListener("drop", async (event) => {
    event.preventDefault();
    dragDepth = 0;
    $("drop").hidden = true;
    await upload(event.dataTransfer?.files?.[0]);
  });

  // --- session -------------------------------------------------------------------------------

  async function start() {
    const params = new URLSearchParams(location.search);
    lang = params.get("lang") ?? localStorage.getItem("demo-lang") ?? "ru";
    const response = await fetch("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat: Number(localStorage.getItem("demo-chat")) || undefined, lang }),
    });
    const session = await response.json();
    chatId = session.chat;
    lang = session.lang || lang;
    samples = session.samples;
    localStorage.setItem("demo-chat", String(chatId));
    localStorage.setItem("demo-lang", lang);
    applyUi();
    const events = new EventSource(`/api/chat/${chatId}/events`);
    events.onmessage = (event) => render(JSON.parse(event.data));
    events.onerror = () => {
      if (events.readyState === EventSource.CLOSED) showToast(t("offline"), false);
    };
  }

  start().catch(() => showToast(t("offline"), false));
})();
