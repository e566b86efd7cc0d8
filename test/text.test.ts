import { describe, expect, it } from "vitest";
import { createFormatters, formatDateTime } from "../src/text/format.js";
import { shorten } from "../src/text/text.js";

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
