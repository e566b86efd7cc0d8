import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SKRSContext2D } from "@napi-rs/canvas";
import type { Locale } from "../i18n.js";
import type { DayFigures } from "./day-figures.js";

/** Big enough for a phone to show sharp (Telegram keeps photos up to 1280 px wide). */
export const CHART_WIDTH = 1200;
export const CHART_HEIGHT = 750;
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext"];
/**
 * One family per subset file, listed in order: the renderer picks each glyph from the first
 * family that has it (files registered under one family name would hide each other).
 */
const FAMILY = SUBSETS.map((subset) => `"SellerBot ${subset}"`).join(", ");
const ORDERS_COLOR = "#4a90d9";
const REVENUE_COLOR = "#e0822a";

/**
 * The image has no system fonts to rely on (slim Docker image): Noto Sans from the npm package
 * @fontsource/noto-sans (Latin, Cyrillic with the Kazakh letters, ₸) is registered once per
 * process; registering it again is harmless.
 */
function registerFonts(GlobalFonts: typeof import("@napi-rs/canvas").GlobalFonts) {
  if (GlobalFonts.has("SellerBot latin")) return;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve("@fontsource/noto-sans/package.json")), "files");
  for (const subset of SUBSETS) {
    for (const weight of [400, 700]) {
      const file = join(dir, `noto-sans-${subset}-${weight}-normal.woff2`);
      GlobalFonts.registerFromPath(file, `SellerBot ${subset}`);
    }
  }
}

export interface ChartLabels {
  title: string;
  orders: string;
  revenue: string;
  locale: Locale;
}

/** A round step for an axis of `max` with about 4 lines. */
function niceStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw)! * power;
  return Math.max(step, Number.isInteger(max) ? 1 : step);
}

/** `500 тыс.` / `500 мың`, `1,5 млн`: axis labels short enough to read on a phone. */
function compact(locale: Locale) {
  const number = new Intl.NumberFormat(locale === "kk" ? "kk-KZ" : "ru-RU", {
    maximumFractionDigits: 1,
  });
  const thousand = locale === "kk" ? "мың" : "тыс.";
  return {
    format: (v: number) =>
      v >= 1e6
        ? `${number.format(v / 1e6)} млн`
        : v >= 1e3
          ? `${number.format(v / 1e3)} ${thousand}`
          : number.format(v),
  };
}

interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function drawAxes(g: SKRSContext2D, f: Frame, days: DayFigures[], labels: ChartLabels) {
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue));
  const orderStep = niceStep(maxOrders);
  const revenueStep = niceStep(maxRevenue);
  const lines = Math.max(Math.ceil(maxOrders / orderStep), Math.ceil(maxRevenue / revenueStep), 1);
  const fmt = compact(labels.locale);
  g.font = `24px ${FAMILY}`;
  g.lineWidth = 1;
  for (let i = 0; i <= lines; i++) {
    const y = f.bottom - ((f.bottom - f.top) * i) / lines;
    g.strokeStyle = i === 0 ? "#888888" : "#e3e3e3";
    g.beginPath();
    g.moveTo(f.left, y);
    g.lineTo(f.right, y);
    g.stroke();
    g.fillStyle = ORDERS_COLOR;
    g.textAlign = "right";
    g.fillText(String(orderStep * i), f.left - 12, y + 8);
    g.fillStyle = REVENUE_COLOR;
    g.textAlign = "left";
    g.fillText(fmt.format(revenueStep * i), f.right + 12, y + 8);
  }
  return { ordersTop: orderStep * lines, revenueTop: revenueStep * lines };
}

function drawSeries(
  g: SKRSContext2D,
  f: Frame,
  days: DayFigures[],
  tops: { ordersTop: number; revenueTop: number },
) {
  const slot = (f.right - f.left) / days.length;
  const height = f.bottom - f.top;
  g.fillStyle = ORDERS_COLOR;
  days.forEach((d, i) => {
    const h = (height * d.orders) / tops.ordersTop;
    g.fillRect(f.left + slot * i + slot * 0.18, f.bottom - h, slot * 0.64, h);
  });
  g.strokeStyle = REVENUE_COLOR;
  g.lineWidth = 5;
  g.lineJoin = "round";
  g.beginPath();
  days.forEach((d, i) => {
    const x = f.left + slot * (i + 0.5);
    const y = f.bottom - (height * d.revenue) / tops.revenueTop;
    if (i === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  });
  g.stroke();
  g.fillStyle = REVENUE_COLOR;
  days.forEach((d, i) => {
    g.beginPath();
    g.arc(
      f.left + slot * (i + 0.5),
      f.bottom - (height * d.revenue) / tops.revenueTop,
      7,
      0,
      Math.PI * 2,
    );
    g.fill();
  });
  g.fillStyle = "#333333";
  g.font = `22px ${FAMILY}`;
  g.textAlign = "center";
  days.forEach((d, i) => {
    g.fillText(
      `${d.date.slice(8, 10)}.${d.date.slice(5, 7)}`,
      f.left + slot * (i + 0.5),
      f.bottom + 34,
    );
  });
}

function drawLegend(g: SKRSContext2D, labels: ChartLabels) {
  g.textAlign = "left";
  g.fillStyle = "#222222";
  g.font = `bold 34px ${FAMILY}`;
  g.fillText(labels.title, 40, 58);
  g.font = `26px ${FAMILY}`;
  g.fillStyle = ORDERS_COLOR;
  g.fillRect(40, 88, 28, 28);
  g.fillStyle = "#222222";
  g.fillText(labels.orders, 80, 112);
  const x = 80 + g.measureText(labels.orders).width + 50;
  g.fillStyle = REVENUE_COLOR;
  g.fillRect(x, 99, 40, 6);
  g.fillStyle = "#222222";
  g.fillText(labels.revenue, x + 52, 112);
}

/** Orders (bars, left axis) and revenue (line, right axis) per day, as a PNG. */
export async function renderChart(days: DayFigures[], labels: ChartLabels): Promise<Buffer> {
  // Loaded on the first digest: the native renderer costs start-up time and memory.
  const { createCanvas, GlobalFonts } = await import("@napi-rs/canvas");
  registerFonts(GlobalFonts);
  const canvas = createCanvas(CHART_WIDTH, CHART_HEIGHT);
  const g = canvas.getContext("2d");
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);
  drawLegend(g, labels);
  const frame = { left: 100, right: CHART_WIDTH - 160, top: 160, bottom: CHART_HEIGHT - 70 };
  const tops = drawAxes(g, frame, days, labels);
  drawSeries(g, frame, days, tops);
  return canvas.encode("png");
}
