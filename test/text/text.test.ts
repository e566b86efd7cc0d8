import { describe, expect, it } from "vitest";
import { createFormatters, formatDateTime, formatMoney } from "../../src/text/format.js";
import { apiErrorText, fieldLabel, orderStatusText } from "../../src/text/index.js";
import { shorten } from "../../src/text/text.js";
import { sharedBotI18n } from "../support/shared.js";

describe("dates as a seller reads them", () => {
  it("shows an instant in the seller's time zone as dd.mm.yyyy hh:mm, a time without a zone as UTC", () => {
    expect(formatDateTime("2026-11-20T09:03:00Z", "Asia/Almaty")).toBe("20.11.2026 14:03");
    expect(formatDateTime("2026-11-20T21:30:00+05:00", "Asia/Almaty")).toBe("20.11.2026 21:30");
    expect(formatDateTime("2026-12-31 23:59", "Asia/Almaty")).toBe("01.01.2027 04:59");
    expect(formatDateTime("2026-11-20", "Europe/Moscow")).toBe("20.11.2026 03:00");
    const { ru, kk } = createFormatters("UTC");
    expect(ru.dateTime("2026-03-05T07:08:09.5Z")).toBe("05.03.2026 07:08");
    expect(kk.dateTime(" 2026-03-05T07:08:09Z ")).toBe("05.03.2026 07:08");
  });

  it("shows what does not parse as it came, and nothing as a dash", () => {
    expect(formatDateTime("вчера", "Asia/Almaty")).toBe("вчера");
    expect(formatDateTime("2026-13-45T99:99", "Asia/Almaty")).toBe("2026-13-45T99:99");
    expect(formatDateTime(null, "Asia/Almaty")).toBe("—");
    expect(formatDateTime("", "Asia/Almaty")).toBe("—");
  });
});

describe("one line of API text", () => {
  it("collapses whitespace and cuts by characters, never inside an emoji", () => {
    expect(shorten("  Куртка\n зимняя\t ", 20)).toBe("Куртка зимняя");
    expect(shorten("Куртка зимняя", 13)).toBe("Куртка зимняя");
    expect(shorten("Куртка зимняя", 8)).toBe("Куртка…");
    // Six emoji are twelve UTF-16 units: six characters, so they fit in six.
    expect(shorten("😀😀😀😀😀😀", 6)).toBe("😀😀😀😀😀😀");
    expect(shorten("😀😀😀😀😀😀😀", 6)).toBe("😀😀😀😀😀…");
    expect(shorten(undefined, 5)).toBe("");
  });
});

describe("a seller's words for the API's", () => {
  const i18n = sharedBotI18n();
  const t = (locale: "ru" | "kk") => (key: string, vars?: Record<string, string>) =>
    i18n.t(locale, key, vars);

  it("prints every amount one way: grouped, a decimal comma, two decimals or none, ₸", () => {
    for (const locale of ["ru", "kk"] as const) {
      expect(formatMoney(449990, locale)).toBe("449\u00a0990 ₸");
      expect(formatMoney(174790.8, locale)).toBe("174\u00a0790,80 ₸");
      expect(formatMoney(52491.25, locale)).toBe("52\u00a0491,25 ₸");
      expect(formatMoney(1990.005, locale)).toBe("1\u00a0990,01 ₸");
      expect(formatMoney(0.5, locale)).toBe("0,50 ₸");
      expect(formatMoney(undefined, locale)).toBe("—");
    }
  });

  it("names the API's fields as the seller calls them, whatever path the API gives", () => {
    const ru = t("ru");
    expect(fieldLabel(ru, "price")).toBe("Цена");
    expect(fieldLabel(ru, "skus[0].price")).toBe("Цена");
    expect(fieldLabel(ru, "Products[1].Skus[0].Price")).toBe("Цена");
    expect(fieldLabel(ru, "name.rus")).toBe("Название (рус.)");
    expect(fieldLabel(ru, "brandId")).toBe("Бренд");
    expect(fieldLabel(ru, "skus[0].photos[1].mediaFile")).toBe("Фото");
    expect(fieldLabel(ru, "attributes[1].valueCodes[0]")).toBe("Значения характеристики");
    expect(fieldLabel(ru, "attributes.color")).toBe("Характеристика «color»");
    // A column the seller titled is theirs, in quotes.
    expect(fieldLabel(ru, "Моя колонка")).toBe("«Моя колонка»");
    expect(fieldLabel(t("kk"), "description.kaz")).toBe("Сипаттамасы (қаз.)");
  });

  it("says the API's errors in a sentence of the bot's: its own for a known code", () => {
    const error = { code: "BRAND_NOT_FOUND", description: "Brand 599 does not exist." };
    expect(apiErrorText(t("ru"), error)).toBe("такого бренда нет — выберите бренд в /brands");
    expect(apiErrorText(t("kk"), error)).not.toMatch(/BRAND|Brand/);
    const other = { code: "SOMETHING_NEW", description: "Something went wrong." };
    expect(apiErrorText(t("ru"), other)).toBe(
      "сервис не принял значение. Его ответ: «Something went wrong.»",
    );
    expect(apiErrorText(t("ru"), { code: "", description: "" })).toBe(
      "сервис отметил ошибку без подробностей",
    );
  });

  it("names the order statuses it knows in the chat's language, others as the API labels them", () => {
    expect(orderStatusText(t("kk"), "COMPLETED", "Выполнен")).toBe("Орындалды");
    expect(orderStatusText(t("ru"), "cancelled", "Отменён")).toBe("Отменён");
    expect(orderStatusText(t("kk"), "ON_HOLD", "Приостановлен")).toBe("Приостановлен");
    expect(orderStatusText(t("kk"), "ON_HOLD", "")).toBe("ON_HOLD");
  });
});
